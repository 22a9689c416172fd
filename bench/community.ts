import { execSync } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { benchReaderSteps, loadCrowd, runSteps, sizesSql } from './lib/community-data';
import { machineBusy, percentile } from './lib/load';
import { startServer, writeResult } from './lib/serve';

// The community's speed (decisions 014 and 016), on PostgreSQL with 100 000 readers, 1 000 000
// activities, ~2 000 000 Bookys and follows (bench/lib/community-data.ts). Targets:
// - the feed's first page for a reader following 500 others, one request alone: p95 < 15 ms.
//   It is served from each process's feed cache (decision 016) once read: measured both warm
//   (from memory) and cold (each request right after the reader followed or unfollowed
//   someone, which drops the page at once: the database path);
// - the suggestions ('Lecteurs à découvrir') alone: p95 < 20 ms;
// - the profile page of a reader with 2 000 validations alone: p95 < 10 ms (measured as seen
//   by its owner, with the four tiles, and by another reader);
// - the feed under 50 connections (closed loop, 50 readers each following 500): throughput at
//   least 0.25 × /healthz's under the same 50 connections for the same time, in the same run
//   (this 2-core machine is shared and noisy: only the ratio compares between runs).
// "Alone" means one request at a time on one keep-alive connection, after a warm-up, each
// request's own time. The machine's load is sampled before each case: a case measured while
// something else used the CPU is flagged, not trusted. Run `npm run build` first.
//
//   psql -h 127.0.0.1 -U postgres -c 'create database lisons_bench_community'
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_community \
//     node --import tsx bench/community.ts [--skip-generate] [--samples 500] \
//     [--warmup 3] [--duration 15] [--connections 50] [--only feed,suggestions,profile,load] \
//     [--references session,readyz] [--feed warm,cold]
//
// Generation TRUNCATES users and books (and everything that cascades from them), so the
// database's name must contain "bench"; --skip-generate reuses the last run's data and signs
// its readers in (as many as --connections had then). bench/community-plans.ts prints the
// plans of the feed, suggestions and relation statements on this data.
const { values: args } = parseArgs({
  options: {
    'skip-generate': { type: 'boolean', default: false },
    samples: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '3' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'feed,suggestions,profile,load' },
    references: { type: 'string', default: 'session,readyz' },
    feed: { type: 'string', default: 'warm,cold' },
  },
});
const samples = Number(args.samples);
const warmup = Number(args.warmup);
const duration = Number(args.duration);
const connections = Number(args.connections);
const only = new Set(args.only.split(','));
const url = process.env.BENCH_DATABASE_URL;
if (!url || !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}
const round = (n: number) => Math.round(n * 100) / 100;
const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const commit = (() => {
  try {
    const head = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain server domain', { encoding: 'utf8' }).trim();
    return dirty ? `${head}+` : head;
  } catch {
    return 'unknown';
  }
})();

const client = new pg.Client({ connectionString: url });
await client.connect();
const started = performance.now();
let generation = 'reused (--skip-generate)';
if (!args['skip-generate']) {
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  await database.close();
  console.log('generating the crowd:');
  await loadCrowd(client);
} else {
  await client.query(`delete from rate_limits where key like 'sign-%'`);
}

process.env.DATABASE_URL = url;
// Each bench reader has its own address (X-Forwarded-For through one trusted hop), so the
// sign-up and sign-in limits per address do not apply across readers.
process.env.TRUST_PROXY = '1';
process.env.DEMO_CATALOGUE = 'false';
const server = await startServer(Number(process.env.BENCH_PORT ?? 4040));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
type Row = Record<string, string | number>;
const rows: Row[] = [];
let sizes: Row | undefined;
try {
  // The readers that make requests: 0 reads the feed, 1 has 2 000 validations.
  const readerCount = Math.max(2, connections);
  const readers: { id: string; cookie: string; ip: string }[] = [];
  for (let i = 0; i < readerCount; i++) {
    const ip = `198.18.${Math.floor(i / 250)}.${i % 250}`;
    const email = `bench-community-${i}@example.com`;
    const path = args['skip-generate'] ? '/api/auth/sign-in' : '/api/auth/sign-up';
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { origin: server.origin, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password: 'Lisons-2026' }),
    });
    if (!res.ok) {
      const hint = args['skip-generate']
        ? ' (generate again, with at least these --connections)'
        : '';
      throw new Error(`${path} ${email}: ${res.status} ${await res.text()}${hint}`);
    }
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { rows: found } = await client.query<{ id: string }>(
      'select id from users where email = $1',
      [email],
    );
    readers.push({ id: found[0]?.id ?? '', cookie, ip });
  }
  if (!args['skip-generate']) {
    console.log('attaching the bench readers:');
    await runSteps(client, benchReaderSteps(), [readers.map((r) => r.id)]);
    const t = performance.now();
    await client.query('vacuum (analyze)');
    console.log(`  vacuum analyze: ${since(t)}`);
    generation = since(started);
    console.log(`generation: ${generation} in all (with the bench readers' sign-ups)`);
  }
  sizes = (await client.query(sizesSql)).rows[0];
  console.table([sizes]);

  const [feedReader, profileReader] = readers as [(typeof readers)[0], (typeof readers)[0]];
  const send = (method: string, path: string, reader: { cookie: string; ip: string }) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.baseUrl}${path}`, {
        agent,
        method,
        headers: {
          cookie: reader.cookie,
          'x-forwarded-for': reader.ip,
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          ...(method === 'GET' ? {} : { origin: server.origin }),
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  const get = (path: string, reader: { cookie: string; ip: string }) => send('GET', path, reader);
  /** What the first answer holds (uncompressed), so a figure is never of an error page. */
  const peek = async (path: string, reader: { cookie: string; ip: string }) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      headers: { cookie: reader.cookie, 'x-forwarded-for': reader.ip },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  /** `before` runs ahead of every request, untimed (a write that makes the next read cold). */
  const alone = async (
    name: string,
    path: string,
    reader: typeof feedReader,
    target: number,
    before: () => Promise<void> = async () => {},
  ) => {
    const busy = await machineBusy(2000);
    await before();
    const t = performance.now();
    const first = await get(path, reader); // a cold path: for information
    const cold = performance.now() - t;
    if (first.status !== 200) throw new Error(`${name}: ${first.status}`);
    // Warm-up: JIT, pool connections, prepared plans, the session cache.
    for (const until = performance.now() + warmup * 1000; performance.now() < until; ) {
      await before();
      await get(path, reader);
    }
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      await before();
      const s = performance.now();
      const res = await get(path, reader);
      times.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    rows.push({
      case: name,
      load: `alone, ${samples} requests`,
      'first ms': round(cold),
      'p50 ms': round(percentile(times, 50)),
      'p95 ms': round(p95),
      'p99 ms': round(percentile(times, 99)),
      'max ms': round(times.at(-1) ?? 0),
      target: `p95 < ${target} ms`,
      verdict: p95 < target ? 'PASS' : 'MISS',
      'busy before %': Math.round(busy),
    });
    console.log(rows.at(-1));
  };

  if (only.has('feed')) {
    const feed = await peek('/api/discover/feed', feedReader);
    const items = (feed.items ?? []) as { source: string }[];
    const following = items.filter((i) => i.source === 'following').length;
    console.log(`feed: ${items.length} activities, ${following} from followed readers`);
    const kinds = new Set(args.feed.split(','));
    if (kinds.has('warm')) {
      await alone('feed (first page, warm: cached)', '/api/discover/feed', feedReader, 15);
    }
    if (kinds.has('cold')) {
      // The reader follows another bench reader, then unfollows, in turn (their old
      // activities stay off the first page); the process that wrote drops the page at once
      // (not when its NOTIFY comes back), so the next read is always the database's.
      // (A Booky would do too, but the generated activities' ids are not v4 UUIDs.)
      const other = readers[2] ?? profileReader;
      let following = false;
      const toggle = async () => {
        const res = await send(
          following ? 'DELETE' : 'PUT',
          `/api/follows/${other.id}`,
          feedReader,
        );
        if (res.status !== 200) throw new Error(`follow: ${res.status} ${res.body.slice(0, 200)}`);
        following = !following;
      };
      try {
        await alone(
          'feed (first page, cold: after a follow)',
          '/api/discover/feed',
          feedReader,
          15,
          toggle,
        );
      } finally {
        if (following) await toggle();
      }
    }
  }
  if (only.has('suggestions')) {
    const found = await peek('/api/discover/readers', feedReader);
    const items = (found.items ?? []) as { sharedBooks: number }[];
    console.log(`suggestions: ${items.length}, sharing books: ${items.map((i) => i.sharedBooks)}`);
    await alone('suggestions', '/api/discover/readers', feedReader, 20);
  }
  if (only.has('profile')) {
    const path = `/api/profiles/${profileReader.id}`;
    const page = await peek(path, profileReader);
    const stats = page.stats as { segmentsValidated?: number } | null;
    const finished = page.finished as { count?: number } | undefined;
    console.log(
      `profile: ${stats?.segmentsValidated} validations, ${finished?.count} finished, ` +
        `${(page.badges as unknown[] | undefined)?.length} badges`,
    );
    await alone('profile (owner, 2 000 validations)', path, profileReader, 10);
    await alone('profile (another reader)', path, feedReader, 10);
  }

  if (only.has('load')) {
    // Closed loop: each connection sends its next request when the last is answered. Every
    // request goes as the next bench reader (cookie and address), round-robin.
    const saturate = (path: string, seconds: number) =>
      new Promise<{ result: autocannon.Result; latencies: number[] }>((resolve, reject) => {
        let next = 0;
        const latencies: number[] = [];
        const instance = autocannon(
          {
            url: server.baseUrl,
            connections,
            duration: seconds,
            requests: [
              {
                method: 'GET',
                setupRequest: (request) => {
                  const reader = readers[next++ % readers.length] ?? feedReader;
                  return {
                    ...request,
                    path,
                    headers: {
                      cookie: reader.cookie,
                      'x-forwarded-for': reader.ip,
                      accept: 'application/json',
                      'accept-encoding': 'gzip, deflate, br',
                    },
                  };
                },
              },
            ],
          },
          (error, result) => (error ? reject(error) : resolve({ result, latencies })),
        );
        instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
      });
    const measured: Record<string, number> = {};
    // The yardstick (/healthz: no database, no session), then for information what a
    // signed-in route that reads nothing (the session, from the server's cache) and one
    // database round trip (/readyz: `select 1`) cost here, then the feed.
    const references = args.references.split(',').filter(Boolean);
    const routes: Record<string, string> = {
      healthz: '/healthz',
      session: '/api/auth/session',
      readyz: '/readyz',
      feed: '/api/discover/feed',
    };
    for (const name of ['healthz', ...references.filter((r) => r !== 'healthz'), 'feed']) {
      const path = routes[name];
      if (!path) throw new Error(`--references: unknown ${name} (${Object.keys(routes)})`);
      if (warmup > 0) await saturate(path, warmup);
      const busy = await machineBusy(2000);
      const { result, latencies } = await saturate(path, duration);
      latencies.sort((a, b) => a - b);
      measured[name] = result.requests.average;
      rows.push({
        case: `${name} under load`,
        load: `${connections} connections, closed loop, ${duration} s`,
        'req/s': Math.round(result.requests.average),
        'p50 ms': round(percentile(latencies, 50)),
        'p95 ms': round(percentile(latencies, 95)),
        'p99 ms': round(percentile(latencies, 99)),
        'max ms': round(latencies.at(-1) ?? 0),
        'non-2xx': result.non2xx,
        errors: result.errors + result.timeouts,
        'busy before %': Math.round(busy),
      });
      console.log(rows.at(-1));
    }
    for (const row of rows.filter((r) => String(r.case).endsWith('under load'))) {
      row['÷ healthz'] = Math.round((1000 * Number(row['req/s'])) / (measured.healthz ?? 1)) / 1000;
    }
    const ratio = (measured.feed ?? 0) / (measured.healthz ?? 1);
    const last = rows.at(-1) as Row;
    last.target = '≥ 0.25 × healthz';
    last.verdict = ratio >= 0.25 ? 'PASS' : 'MISS';
  }
} finally {
  agent.destroy();
  await server.stop();
  await client.end();
}
for (const row of rows) {
  if (Number(row['busy before %']) > 15) {
    console.warn(`${row.case}: machine ${row['busy before %']} % busy before: not comparable`);
  }
}
console.log(
  `\ncommit ${commit}; load generator, server and PostgreSQL on the same machine (2 cores).`,
);
console.table(rows);
const saved = { commit, generation, sizes, samples, warmup, duration, connections, rows };
if (rows.length) console.log(`saved ${writeResult('community', saved)}`);
