import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedTemplatePath } from '../server/db/embedded-template';
import { fire } from './lib/load';
import { searchQueries } from './lib/search-queries';
import { writeResult } from './lib/serve';
import { serveFlags, serverEntry } from './lib/server-command';

// Resident memory of one server process (decision 024), started as production starts it
// (`npm run serve`: node, the script's flags, dist/app/main.js; BENCH_FROM_SOURCE=1 runs
// server/main.ts through tsx instead, to compare), in four situations:
//   a. embedded, fresh DATA_DIR (initdb, migrations, demo catalogue): peak, then idle;
//   b. embedded, restarted on that DATA_DIR: peak, then idle;
//   c. PostgreSQL (the catalogue of bench/generate-catalogue.ts), idle;
//   d. PostgreSQL under the catalogue bench's load (search, book pages, explore at
//      --connections): peak.
// VmRSS and VmHWM (the kernel's own peak) are read from /proc/<pid>/status every 100 ms,
// child processes (esbuild's service, if tsx starts one) apart. After each settle a probe
// loaded into the server (bench/lib/memory-probe.ts) reports whose memory it is: V8 heap,
// external and array buffers, and PGlite's WebAssembly memory.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_memory \
//     node --import tsx bench/memory.ts [--only a,b,c,d] [--settle 10] [--load 10] \
//     [--connections 50] [--node-args='--max-semi-space-size=2']
//
// Without BENCH_DATABASE_URL, c and d are skipped. Exits 1 when a target is missed.
// Run `npm run build` first: it compiles the server, the server serves the built client, and
// a new data folder starts from the migrated template it builds (dist/embedded-template.tar.gz).
// --node-args='' measures without the serve script's flags.
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'a,b,c,d' },
    settle: { type: 'string', default: '10' },
    load: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // Default: the node flags of package.json's "serve" script, what production runs.
    'node-args': { type: 'string' },
  },
});
const only = args.only.split(',');
const settleMs = Number(args.settle) * 1000;
const loadSeconds = Number(args.load);
const connections = Number(args.connections);
const nodeArgs = args['node-args']?.split(' ').filter(Boolean) ?? serveFlags;
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl && !new URL(pgUrl).pathname.includes('bench')) {
  console.error('Refusing to run: the database name must contain "bench".');
  process.exit(2);
}
const port = Number(process.env.BENCH_PORT ?? 4031);
const baseUrl = `http://127.0.0.1:${port}`;
const probeFile = path.join(os.tmpdir(), `lisons-memory-probe-${process.pid}.json`);
const MB = 1024;

type Sample = { t: number; rss: number; hwm: number; children: number };

/** kB figures of /proc/<pid>/status; undefined once the process is gone. */
function status(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** The resident kB of a process's descendants (esbuild's service, a worker's child…). */
function childrenRss(pid: number): number {
  let total = 0;
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const task of tasks) {
    let children: string[] = [];
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ');
    } catch {}
    for (const child of children.filter(Boolean).map(Number)) {
      total += (status(child)?.rss ?? 0) + childrenRss(child);
    }
  }
  return total;
}

type Server = {
  child: ChildProcess;
  samples: Sample[];
  /** Milliseconds from spawn to the first ready /readyz. */
  readyMs: number;
  stop: () => Promise<void>;
  probe: () => Promise<Record<string, unknown> | undefined>;
};

async function startServer(env: Record<string, string>): Promise<Server> {
  fs.rmSync(probeFile, { force: true });
  const started = performance.now();
  const child = spawn(
    process.execPath,
    // The probe is erasable TypeScript: Node strips its types itself, no loader added.
    [...nodeArgs, '--import', './bench/lib/memory-probe.ts', ...serverEntry],
    {
      env: {
        ...(process.env as Record<string, string>),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        MEMORY_PROBE_FILE: probeFile,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const pid = child.pid ?? 0;
  const samples: Sample[] = [];
  const sample = () => {
    const s = status(pid);
    if (s) samples.push({ t: performance.now() - started, ...s, children: childrenRss(pid) });
  };
  const timer = setInterval(sample, 100);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      clearInterval(timer);
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    samples,
    readyMs,
    stop: async () => {
      clearInterval(timer);
      child.kill('SIGTERM');
      await exited;
    },
    probe: async () => {
      const before = fs.existsSync(probeFile) ? fs.statSync(probeFile).mtimeMs : 0;
      child.kill('SIGUSR2');
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100));
        if (fs.existsSync(probeFile) && fs.statSync(probeFile).mtimeMs !== before) {
          try {
            return JSON.parse(fs.readFileSync(probeFile, 'utf8'));
          } catch {
            // written half: read again
          }
        }
      }
      return undefined;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => Math.round(kb / 102.4) / 10;
/** Idle figure: the median VmRSS of the settle's last 3 s (a GC can dip or bump one sample). */
function idleOf(samples: Sample[]): { rss: number; children: number } {
  const last = samples.slice(-30);
  const sorted = last.map((s) => s.rss).sort((a, b) => a - b);
  return {
    rss: sorted[Math.floor(sorted.length / 2)] ?? 0,
    children: Math.max(0, ...last.map((s) => s.children)),
  };
}
const hwmOf = (samples: Sample[]) => Math.max(0, ...samples.map((s) => s.hwm));

type Row = {
  situation: string;
  measure: string;
  MB: number;
  target: string;
  verdict: string;
  'ready s'?: number;
  'children MB'?: number;
};
const rows: Row[] = [];
const probes: Record<string, unknown> = {};
function record(situation: string, measure: string, kb: number, targetMb?: number, extra = {}) {
  const value = mb(kb);
  rows.push({
    situation,
    measure,
    MB: value,
    target: targetMb ? `≤ ${targetMb} MB` : 'info',
    verdict: targetMb ? (value <= targetMb ? 'PASS' : 'MISS') : '',
    ...extra,
  });
  console.log(rows.at(-1));
}

async function embedded(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-memory-'));
  const env = { DATA_DIR: dataDir };
  try {
    if (only.includes('a') || only.includes('b')) {
      const first = await startServer(env);
      const readyAt = first.samples.length;
      await sleep(settleMs);
      const startPeak = hwmOf(first.samples.slice(0, readyAt));
      const idle = idleOf(first.samples);
      probes['a. embedded, fresh'] = await first.probe();
      await first.stop();
      const ready = Math.round(first.readyMs / 100) / 10;
      if (only.includes('a')) {
        record('a. embedded, fresh DATA_DIR', 'peak (VmHWM)', hwmOf(first.samples), 700, {
          'ready s': ready,
        });
        record('a. embedded, fresh DATA_DIR', 'peak until ready', startPeak);
        record('a. embedded, fresh DATA_DIR', 'idle', idle.rss, undefined, {
          'children MB': mb(idle.children),
        });
      }
    }
    if (only.includes('b')) {
      const second = await startServer(env);
      await sleep(settleMs);
      const idle = idleOf(second.samples);
      probes['b. embedded, restart'] = await second.probe();
      await second.stop();
      record('b. embedded, restart', 'peak (VmHWM)', hwmOf(second.samples), undefined, {
        'ready s': Math.round(second.readyMs / 100) / 10,
      });
      record('b. embedded, restart', 'idle', idle.rss, 550, { 'children MB': mb(idle.children) });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The catalogue bench's paths: its searches, a sample of book pages, explore pages. */
async function catalogueLoad(url: string): Promise<string[][]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: sampled } = await client.query<{ slug: string }>(
      'select slug from books where is_published order by md5(slug) limit 2000',
    );
    const { rows: categories } = await client.query<{ category: string; n: number }>(
      'select category, count(*)::int as n from books where is_published group by category',
    );
    if (sampled.length < 100) throw new Error('catalogue missing: run bench/generate-catalogue.ts');
    return [
      searchQueries.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
      sampled.map((r) => `/api/books/${r.slug}`),
      categories.flatMap(({ category, n }) =>
        [1, 2, 3, 10, 50, Math.ceil(n / 24)].flatMap((page) =>
          ['date', 'author', 'pages'].map(
            (sort) => `/api/books?cat=${category}&page=${page}&sort=${sort}`,
          ),
        ),
      ),
    ];
  } finally {
    await client.end();
  }
}

async function postgres(url: string): Promise<void> {
  const scenarios = await catalogueLoad(url);
  const server = await startServer({
    DATABASE_URL: url,
    DEMO_CATALOGUE: 'false',
    AUTH_SECRET: 'bench-secret-not-for-production-0123456789',
    PUBLIC_URL: 'https://bench.lisons.test',
  });
  try {
    await sleep(settleMs);
    const idle = idleOf(server.samples);
    probes['c. PostgreSQL, idle'] = await server.probe();
    if (only.includes('c')) {
      record('c. PostgreSQL', 'peak until idle (VmHWM)', hwmOf(server.samples), undefined, {
        'ready s': Math.round(server.readyMs / 100) / 10,
      });
      record('c. PostgreSQL', 'idle', idle.rss, 150, { 'children MB': mb(idle.children) });
    }
    if (only.includes('d')) {
      const from = server.samples.length;
      const headers = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
      let requests = 0;
      let failed = 0;
      for (const paths of scenarios) {
        const { result } = await fire({
          baseUrl,
          paths,
          seconds: loadSeconds,
          connections,
          headers,
        });
        requests += result.requests.total;
        failed += result.non2xx + result.errors + result.timeouts;
      }
      const during = server.samples.slice(from);
      const peak = Math.max(0, ...during.map((s) => s.rss));
      probes['d. PostgreSQL, after load'] = await server.probe();
      record('d. PostgreSQL under load', 'peak VmRSS', peak, 250, {
        'children MB': mb(Math.max(0, ...during.map((s) => s.children))),
      });
      console.log(`  ${requests} requests, ${failed} failed`);
      await sleep(settleMs);
      record('d. PostgreSQL under load', 'idle after the load', idleOf(server.samples).rss);
    }
  } finally {
    await server.stop();
  }
}

const commit = (() => {
  try {
    const head = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain server', { encoding: 'utf8' }).trim();
    return dirty ? `${head}+` : head;
  } catch {
    return 'unknown';
  }
})();

if (only.includes('a') || only.includes('b')) await embedded();
if (only.includes('c') || only.includes('d')) {
  if (pgUrl) await postgres(pgUrl);
  else console.warn('BENCH_DATABASE_URL not set: PostgreSQL situations skipped.');
}
fs.rmSync(probeFile, { force: true });

console.log('\nwhose memory, read by the probe in the server after each settle (MB):');
console.table(
  Object.fromEntries(
    Object.entries(probes).map(([k, v]) => {
      const { heapSpacesMb: _spaces, pid: _pid, ...rest } = (v ?? {}) as Record<string, unknown>;
      return [k, rest];
    }),
  ),
);
console.log(
  `\ncommit ${commit}; node ${process.version} ${nodeArgs.join(' ')}; ${os.cpus().length} cores, ` +
    `${Math.round(os.totalmem() / MB / MB / MB)} GB; settle ${settleMs / 1000} s; ` +
    `embedded template ${fs.existsSync(embeddedTemplatePath) ? 'built' : 'absent (initdb)'}; ` +
    `load ${loadSeconds} s × 3 scenarios at ${connections} connections`,
);
console.table(rows);
const template = fs.existsSync(embeddedTemplatePath);
const saved = { commit, nodeArgs, template, settleMs, loadSeconds, connections, rows, probes };
console.log(`saved ${writeResult('memory', saved)}`);
process.exit(rows.some((r) => r.verdict === 'MISS') ? 1 : 0);
