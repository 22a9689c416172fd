import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile } from './lib/load';
import { searchQueries } from './lib/search-queries';
import { writeResult } from './lib/serve';
import { serverEntry } from './lib/server-command';

// The back office on the 100 000-book bench catalogue (decision 025):
// - admin book search, one request alone (closed loop, 1 connection): p95 < 50 ms;
// - the SQL export (read_export.sql) streamed whole in < 15 s, with the server's RSS growth
//   (VmRSS sampled every 50 ms, peak minus the value before) < 150 MB.
// Run `npm run build` first, and bench/generate-catalogue.ts on the database:
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench \
//     node --import tsx bench/admin.ts
const url = process.env.BENCH_DATABASE_URL;
if (!url || !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL is required, on a database whose name contains "bench".');
  process.exit(2);
}
const port = Number(process.env.BENCH_PORT ?? 4031);
const baseUrl = `http://127.0.0.1:${port}`;
const publicUrl = 'https://bench.lisons.test';
const adminEmail = `bench-admin-${Date.now()}@example.com`;

// The real server, as bench/lib/serve.ts starts it, but with its pid (for its memory).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-bench-admin-'));
const child: ChildProcess = spawn(process.execPath, serverEntry, {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    AUTH_SECRET: 'bench-secret-not-for-production-0123456789',
    PUBLIC_URL: publicUrl,
    DEMO_CATALOGUE: 'false',
    ADMIN_EMAILS: adminEmail,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = async () => {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
};

function rssMb(pid: number): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0) / 1024;
}

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { origin: publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: 'Lisons-2026' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, accept: 'application/json' };

  // Search: the catalogue bench's queries, each under the table's sorts, and the plain
  // table pages (first, deep); one request at a time.
  const sorts = ['created', 'title', 'author', 'pages', 'coverage'];
  const paths = [
    ...searchQueries.flatMap((q, i) => [
      `/api/admin/books?q=${encodeURIComponent(q)}&sort=${sorts[i % sorts.length]}`,
    ]),
    ...sorts.flatMap((sort) =>
      [1, 2, 40].map((page) => `/api/admin/books?sort=${sort}&page=${page}`),
    ),
  ];
  for (const p of paths.slice(0, 20)) await fetch(`${baseUrl}${p}`, { headers }); // warm-up
  const latencies: number[] = [];
  const perPath: Record<string, number[]> = {};
  for (let round = 0; round < 3; round++) {
    for (const p of paths) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${p}`, { headers });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      latencies.push(ms);
      perPath[p] = [...(perPath[p] ?? []), ms];
    }
  }
  latencies.sort((a, b) => a - b);
  const slowest = Object.entries(perPath)
    .map(([p, v]) => [p, Math.max(...v)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  const search = {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    slowest,
    target: 'p95 < 50 ms',
  };
  console.log('admin search', search);

  // SQL export, read as a browser would (bytes counted, not kept).
  const pid = child.pid ?? 0;
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/admin/exports/read_export.sql`, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const exportResult = {
    seconds: Math.round(seconds * 100) / 100,
    megabytes: Math.round(bytes / 1e5) / 10,
    rssBeforeMb: Math.round(before),
    rssPeakMb: Math.round(peak),
    rssGrowthMb: Math.round(peak - before),
    target: '< 15 s, RSS growth < 150 MB',
  };
  console.log('SQL export', exportResult);
  const file = writeResult('admin', { search, export: exportResult });
  console.log(`written to ${file}`);
  const ok = search.p95 < 50 && seconds < 15 && peak - before < 150;
  process.exitCode = ok ? 0 : 1;
} finally {
  await stop();
}
