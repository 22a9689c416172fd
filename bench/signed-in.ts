import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { leanLoad, type Target } from './lib/lean-load';
import { machineBusy, processCpuMs } from './lib/load';
import { type RunningServer, startServer, writeResult } from './lib/serve';
import {
  benchSecret,
  listedSlugsSql,
  READERS,
  sessionCookie,
  signedInSteps,
} from './lib/signed-in-data';

// What a signed-in reader's app asks for when it opens (decision 049): the session,
// home's goal and current reading (the reading list), a book page with their progress, the
// bell's notifications and the achievements, on 1 000 generated readers
// (bench/lib/signed-in-data.ts). Each route alone, under `--connections` closed-loop
// connections for `--duration` seconds; connection c replays readers c, c + 50, c + 100…, so
// every reader is asked for. /healthz and a visitor's book page are measured in the same run,
// and every rate is a ratio to /healthz's (this 2-core machine is shared: only ratios compare
// between runs). The server's memory (VmRSS, VmHWM) is read idle after start and after each
// route. Targets:
// - PostgreSQL: every route ≥ 0.5 × /healthz, p99 < 50 ms; memory idle ≤ 200 MB, under load
//   ≤ 250 MB;
// - embedded: every route ≥ 0.25 × /healthz, p99 < 100 ms; idle ≤ 500 MB, under load ≤ 600 MB.
// Run `npm run build` first. Embedded: `node --import tsx bench/signed-in.ts`. PostgreSQL:
//   psql -h 127.0.0.1 -U postgres -c 'create database lisons_bench_signed_in'
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_signed_in \
//     node --import tsx bench/signed-in.ts [--duration 8] [--connections 50] [--only a,b]
// On PostgreSQL the run TRUNCATES users and books first, so the database's name must contain
// "bench"; the server then loads the demo catalogue, as on the embedded database.
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const url = process.env.BENCH_DATABASE_URL;
const engine = url ? 'postgres' : 'embedded';
if (url && !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}
const targets =
  engine === 'postgres'
    ? { ratio: 0.5, p99: 50, idleMb: 200, loadMb: 250 }
    : { ratio: 0.25, p99: 100, idleMb: 500, loadMb: 600 };
const port = Number(process.env.BENCH_PORT ?? 4030);
const env = { AUTH_SECRET: benchSecret, DEMO_CATALOGUE: 'true' };
const dataDir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-signed-in-'));

/** Runs SQL text on the bench database, with no server running on it. */
async function onDatabase(run: (exec: (text: string) => Promise<unknown[]>) => Promise<void>) {
  const opened = await openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: dataDir as string },
  );
  try {
    await run(async (text) => {
      const result = (await opened.db.execute(sql.raw(text))) as unknown as
        | { rows: unknown[] }
        | unknown[];
      return Array.isArray(result) ? result : result.rows;
    });
  } finally {
    await opened.close();
  }
}

// 1. The catalogue: the server's first start migrates and loads the demo books.
const started = performance.now();
if (url) {
  await onDatabase(async (exec) => {
    const [found] = (await exec(`select to_regclass('users') is not null as ready`)) as {
      ready: boolean;
    }[];
    if (found?.ready) await exec('truncate table users, books, rate_limits cascade');
  });
}
const first = await startServer(port, { dataDir, env });
await first.stop();

// 2. The readers.
const slugs = new Map<number, string>();
await onDatabase(async (exec) => {
  for (const step of signedInSteps()) {
    const t = performance.now();
    await exec(step.sql);
    console.log(`  ${step.name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  await exec('analyze');
  for (const row of (await exec(listedSlugsSql)) as { email: string; slug: string }[]) {
    const n = Number(/banc-connecte-(\d+)@/.exec(row.email)?.[1]);
    if (!slugs.has(n)) slugs.set(n, row.slug);
  }
});
console.log(`data ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${engine})`);

// 3. The measure, on a fresh process.
const server = await startServer(port, { dataDir, env });
const cookieName = engine === 'postgres' ? '__Secure-lisons.session_token' : 'lisons.session_token';
const cookies = Array.from({ length: READERS }, (_, n) => sessionCookie(cookieName, n));
const year = new Date().getFullYear();
const anySlug = slugs.get(0) ?? '';

type Route = { name: string; signedIn: boolean; path: (n: number) => string };
const allRoutes: Route[] = [
  { name: '/healthz', signedIn: false, path: () => '/healthz' },
  { name: 'visitor book page', signedIn: false, path: () => `/api/books/${anySlug}` },
  { name: 'session', signedIn: true, path: () => '/api/auth/session' },
  { name: 'home goal', signedIn: true, path: () => `/api/me/goals/${year}` },
  { name: 'reading list', signedIn: true, path: () => '/api/reading-list' },
  {
    name: 'book page + progress',
    signedIn: true,
    path: (n) => `/api/books/${slugs.get(n) ?? anySlug}`,
  },
  { name: 'notifications', signedIn: true, path: () => '/api/notifications' },
  { name: 'achievements', signedIn: true, path: () => '/api/me/achievements' },
];
const routes = allRoutes.filter(
  (r) => !args.only || r.name === '/healthz' || args.only.split(',').includes(r.name),
);

// As the app's requests: a browser always offers compression, and every answer of 1 kB or
// more is sent compressed (br), from the cache's copy compressed once.
const headersOf = (route: Route, n: number): Record<string, string> => ({
  'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd',
  ...(route.signedIn ? { cookie: cookies[n] as string } : {}),
});

function memoryMb(pid: number | undefined) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

// With BENCH_NODE_ARGS='--import ./bench/lib/memory-probe.ts' and MEMORY_PROBE_FILE set
// (PostgreSQL: SIGUSR2 also snapshots an embedded database), whose memory it is.
async function probe(): Promise<string> {
  const file = process.env.MEMORY_PROBE_FILE as string;
  fs.rmSync(file, { force: true });
  process.kill(server.pid as number, 'SIGUSR2');
  while (!fs.existsSync(file)) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 100));
  const { rssMb, heapTotalMb, heapUsedMb, externalMb, residentMb } = JSON.parse(
    fs.readFileSync(file, 'utf8'),
  );
  return JSON.stringify({ rssMb, heapTotalMb, heapUsedMb, externalMb, residentMb });
}

async function check(s: RunningServer) {
  // Every reader's cookie is a live session of that reader, and their book page has progress.
  for (const n of [0, READERS - 1]) {
    const headers = { cookie: cookies[n] as string };
    const session = (await (await fetch(`${s.baseUrl}/api/auth/session`, { headers })).json()) as {
      user: { email: string } | null;
    };
    if (session.user?.email !== `banc-connecte-${n}@banc.example`)
      throw new Error(`reader ${n}'s session is not read: ${JSON.stringify(session)}`);
    const page = (await (
      await fetch(`${s.baseUrl}/api/books/${slugs.get(n)}`, { headers })
    ).json()) as { progress: unknown };
    if (!page.progress) throw new Error(`reader ${n}'s book page has no progress`);
  }
}

async function measure(route: Route) {
  const busy = await machineBusy(1000);
  const cpuBefore = processCpuMs(server.pid);
  const result = await leanLoad({
    url: server.baseUrl,
    connections,
    seconds: duration,
    next: (connection, sent): Target => {
      const n = (connection + connections * sent) % READERS;
      return {
        path: route.path(n),
        headers: headersOf(route, n),
      };
    },
  });
  const cpuMs = (processCpuMs(server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  const ok = result.statuses[200] ?? 0;
  if (ok !== result.requests || result.errors)
    throw new Error(`${route.name}: ${JSON.stringify(result.statuses)}, ${result.errors} errors`);
  const memory = memoryMb(server.pid);
  if (process.env.MEMORY_PROBE_FILE) console.log(route.name, await probe());
  return {
    route: route.name,
    'req/s': Math.round(result.requests / result.seconds),
    'p50 ms': Number(result.p50.toFixed(2)),
    'p99 ms': Number(result.p99.toFixed(2)),
    'KB/req': Math.round(result.bodyBytes / 102.4) / 10,
    // The server's own CPU per answer: what the noisy machine's neighbours do not change.
    'server µs/req': Math.round((cpuMs * 1000) / result.requests),
    'VmRSS MB': memory.rss,
    'VmHWM MB': memory.hwm,
    'busy before %': Math.round(busy),
  };
}

try {
  await check(server);
  await new Promise((r) => setTimeout(r, 3000));
  const idle = memoryMb(server.pid);
  console.log(`idle after start: VmRSS ${idle.rss} MB, VmHWM ${idle.hwm} MB`);
  // A short pass first: V8's compiler and the caches, as a running server has them.
  for (const route of routes)
    await leanLoad({
      url: `${server.baseUrl}${route.path(0)}`,
      connections,
      seconds: 1,
      headers: headersOf(route, 0),
    });
  const rows = [];
  for (const route of routes) rows.push(await measure(route));
  rows.push({ ...(await measure(routes[0] as Route)), route: '/healthz (again)' });
  const health = rows[0]?.['req/s'] ?? 1;
  const table = rows.map((row) => {
    const ratio = Number((row['req/s'] / health).toFixed(2));
    const signedIn = routes.find((r) => r.name === row.route)?.signedIn ?? false;
    const met = !signedIn || (ratio >= targets.ratio && row['p99 ms'] < targets.p99);
    return { ...row, ratio, target: signedIn ? (met ? 'met' : 'NOT MET') : '' };
  });
  console.table(table);
  const after = memoryMb(server.pid);
  // With BENCH_NODE_ARGS='--import ./bench/lib/memory-probe.ts' and MEMORY_PROBE_FILE set
  // (PostgreSQL: SIGUSR2 also snapshots an embedded database), whose memory it is.
  if (process.env.MEMORY_PROBE_FILE) console.log('memory probe:', await probe());
  const memory = {
    idleRss: idle.rss,
    loadRss: after.rss,
    loadHwm: after.hwm,
    idleMet: idle.rss <= targets.idleMb,
    loadMet: after.hwm <= targets.loadMb,
  };
  console.log(
    `memory: idle ${idle.rss} MB (≤ ${targets.idleMb}: ${memory.idleMet ? 'met' : 'NOT MET'}), ` +
      `under load VmRSS ${after.rss} MB, peak VmHWM ${after.hwm} MB (≤ ${targets.loadMb}: ${memory.loadMet ? 'met' : 'NOT MET'})`,
  );
  const allMet = table.every((r) => r.target !== 'NOT MET') && memory.idleMet && memory.loadMet;
  console.log(`${engine}: ${allMet ? 'every target met' : 'targets NOT met'}`);
  console.log(
    `saved ${writeResult(`signed-in-${engine}`, { engine, duration, connections, readers: READERS, table, memory })}`,
  );
} finally {
  await server.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
