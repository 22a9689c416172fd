import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { machineBusy, percentile, processCpuMs } from './lib/load';
import { startServer, writeResult } from './lib/serve';

// KOReader's progress sync (decision 053): 1 000 devices each pushing its position
// (PUT /kosync/syncs/progress) every 10 s, 100 requests a second, paced open-loop (request n
// leaves at start + n / rate whatever became of the others), as the plugin sends them: its
// headers, its body, the MD5 of a device password as key. Each device is one reader's, its
// book linked to a catalogue book in their list, its position moving on a little per push, so
// that some pushes reach a segment's end and write the invitation. Each device comes from its
// own address (X-Forwarded-For, the server trusting the loopback proxy): a thousand e-readers
// are a thousand addresses, and one address's limit is 600 a minute.
// Target on PostgreSQL: p95 < 20 ms (and no failure). Run `npm run build` first.
//   psql -h 127.0.0.1 -U postgres -c 'create database lisons_bench_kosync'
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_kosync \
//     node --import tsx bench/kosync.ts [--seconds 60] [--rate 100] [--devices 1000]
// Without BENCH_DATABASE_URL it runs on the embedded database (figures for information).
// On PostgreSQL the run TRUNCATES users and books first: the database's name must contain
// "bench".
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '100' },
    devices: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '10' },
  },
});
const seconds = Number(args.seconds);
const rate = Number(args.rate);
const DEVICES = Number(args.devices);
const warmup = Number(args.warmup);
const url = process.env.BENCH_DATABASE_URL;
const engine = url ? 'postgres' : 'embedded';
if (url && !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}
const TARGET_P95_MS = 20;
const port = Number(process.env.BENCH_PORT ?? 4040);
const env = { DEMO_CATALOGUE: 'true', TRUST_PROXY: 'loopback' };
const dataDir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-kosync-'));

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
/** What KOReader sends as x-auth-key for device n's password. */
const keyOf = (n: number) => md5(`banc-kosync-password-${n}`);
const emailOf = (n: number) => `banc-kosync-${n}@banc.example`;
const documentOf = (n: number) => md5(`banc-kosync-document-${n}`);

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

// The readers, their device passwords (only the hash of the key is stored, as the server
// stores it), one book each in their list and its document, linked, at 5 %.
const reader = (n: string) => `md5('kb' || (${n}))::uuid`;
const steps = [
  `insert into users (id, email, name, username, email_verified, created_at, updated_at)
    select ${reader('n')}, 'banc-kosync-' || n || '@banc.example', '', 'banc_kosync_' || n, true,
      now(), now()
    from generate_series(0, ${DEVICES - 1}) n`,
  `insert into reading_progress (user_id, book_id)
    select ${reader('n')}, b.id from generate_series(0, ${DEVICES - 1}) n
    cross join (select count(*)::int as count from books where is_published) nb
    join lateral (select id from books where is_published order by slug
      offset n % nb.count limit 1) b on true`,
  `insert into kosync_devices (user_id, name, login, key_hash)
    select ${reader('n')}, 'Kobo', 'banc-kosync-' || n || '@banc.example',
      encode(sha256(convert_to(md5('banc-kosync-password-' || n), 'UTF8')), 'hex')
    from generate_series(0, ${DEVICES - 1}) n`,
  `insert into kosync_documents (user_id, document, book_id, percentage, progress, device, device_id)
    select p.user_id, md5('banc-kosync-document-' || n), p.book_id, 0.05, '/body/DocFragment[1]',
      'Kobo_spaBW', 'banc-' || n
    from generate_series(0, ${DEVICES - 1}) n join reading_progress p on p.user_id = ${reader('n')}`,
];

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
await onDatabase(async (exec) => {
  for (const step of steps) await exec(step);
  await exec('analyze');
});
console.log(`data ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${engine})`);

// 2. The measure, on a fresh process.
const server = await startServer(port, { dataDir, env });
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
const base = new URL(server.baseUrl);
const pushes = new Array<number>(DEVICES).fill(0);

type Answer = { status: number; ms: number };

/** Device n's next push, as KOReader's plugin sends it. */
function push(n: number): Promise<Answer> {
  pushes[n] = (pushes[n] ?? 0) + 1;
  // About 2 pages of a 300-page book per push: some pushes pass a segment's end.
  const percentage = Math.min(1, 0.05 + (pushes[n] ?? 0) * 0.007);
  const body = JSON.stringify({
    document: documentOf(n),
    progress: `/body/DocFragment[${pushes[n]}]/body/p[3]/text().12`,
    percentage,
    device: 'Kobo_spaBW',
    device_id: `banc-${n}`,
  });
  const sent = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: 'PUT',
        path: '/kosync/syncs/progress',
        agent,
        headers: {
          accept: 'application/vnd.koreader.v1+json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-auth-user': emailOf(n),
          'x-auth-key': keyOf(n),
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - sent }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - sent }));
    request.end(body);
  });
}

/** Sends `rate` pushes a second for `duration` s, device after device, and waits for all. */
async function paced(duration: number): Promise<{ answers: Answer[]; ms: number }> {
  const total = Math.round(rate * duration);
  const answers: Promise<Answer>[] = [];
  const start = performance.now();
  let next = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; next < due; next++) answers.push(push(next % DEVICES));
    const wait = start + (next * 1000) / rate - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
  }
  const done = await Promise.all(answers);
  return { answers: done, ms: performance.now() - start };
}

try {
  // Every device's key is its reader's, and their book is linked: one push answers 200.
  const check = await push(0);
  if (check.status !== 200) throw new Error(`device 0's push answered ${check.status}`);
  // A first round: V8's compiler, the connections and the statements prepared.
  if (warmup > 0) await paced(warmup);
  const busy = await machineBusy(1000);
  const cpuBefore = processCpuMs(server.pid);
  const { answers, ms } = await paced(seconds);
  const cpuMs = (processCpuMs(server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const ok = statuses[200] ?? 0;
  const figures = {
    engine,
    devices: DEVICES,
    'rate asked /s': rate,
    'rate sent /s': Number(((answers.length * 1000) / ms).toFixed(1)),
    requests: answers.length,
    statuses,
    'p50 ms': Number(percentile(latencies, 50).toFixed(2)),
    'p95 ms': Number(percentile(latencies, 95).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(2)),
    'max ms': Number((latencies.at(-1) ?? 0).toFixed(2)),
    'server µs/req': Math.round((cpuMs * 1000) / answers.length),
    'server CPU %': Math.round((cpuMs / ms) * 100),
    'busy before %': Math.round(busy),
  };
  console.table([figures]);
  const met = figures['p95 ms'] < TARGET_P95_MS && ok === answers.length;
  console.log(
    `${engine}: p95 ${figures['p95 ms']} ms (target < ${TARGET_P95_MS} ms on PostgreSQL), ` +
      `${answers.length - ok} failed: target ${met ? 'met' : 'NOT met'}` +
      (engine === 'postgres' ? '' : ' (the target is PostgreSQL’s; this is for information)'),
  );
  console.log(`saved ${writeResult(`kosync-${engine}`, { ...figures, seconds, met })}`);
} finally {
  agent.destroy();
  await server.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
