import http from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { machineBusy, percentile } from './lib/load';
import { pgbenchTps } from './lib/pgbench';
import { startServer, writeResult } from './lib/serve';

// The answer endpoint under load, on PostgreSQL: many readers answering at once, each on
// their own progress row (a wrong answer, then the right one, segment after segment), so
// every request runs the whole validation transaction. The load generator shares the
// machine (2 cores here). Targets (decision 009): saturated answers/s at least 0.6 × pgbench's
// TPC-B-like tps on the same PostgreSQL at the same concurrency (run after it, same
// duration; --no-pgbench skips it), and p95 < 25 ms paced at 400 answers/s from 50 readers.
// Run `npm run build` first.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench \
//     node --import tsx bench/load-answers.ts [--connections 50] [--duration 15] [--rate 0]
//
// --rate 0 (default): closed loop, each connection sends its next answer as soon as the last
// is answered, so the server is saturated and p50 ≈ connections / throughput.
// --rate N: paced (open loop), N answers/s in all from `connections` readers, each on its
// own connection with its passes evenly spaced; a pass that starts late counts its delay in
// its latency (no coordinated omission). This gives the latency at a given load, and the
// highest load that keeps p95 under the target. (autocannon's own rate options send each
// second's requests in one burst, hence this loop.)
// --warmup S runs the same load for S seconds first, unmeasured (JIT, pool connections,
// prepared statements, caches). The machine's load before the run is measured and saved:
// a figure taken while something else used the CPU is flagged, not trusted.
const { values: args } = parseArgs({
  allowNegative: true, // --no-pgbench, as the usage above says
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '15' },
    rate: { type: 'string', default: '0' },
    warmup: { type: 'string', default: '3' },
    // The yardstick: pgbench at the same concurrency on the same PostgreSQL, after the run.
    pgbench: { type: 'boolean', default: true },
  },
});
const connections = Number(args.connections);
const url = process.env.BENCH_DATABASE_URL;
if (!url || !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}

// A dedicated 300-segment book whose answers are known: 'mot<segment>'.
const SEGMENTS = 300;
async function prepareBook(): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`delete from books where slug = 'banc-d-essai-des-reponses'`);
    const { rows } = await client.query<{ id: string }>(
      `insert into books (slug, title, author, category, total_pages, description)
       values ('banc-d-essai-des-reponses', 'Banc d''essai des réponses', 'Lisons', 'essai', $1, '')
       returning id`,
      [SEGMENTS * 30],
    );
    const bookId = rows[0]?.id ?? '';
    await client.query(
      `insert into reading_questions (book_id, segment, question, answer)
       select $1, n, 'Quel mot clôt le segment ' || n || ' ?', 'mot' || n
       from generate_series(1, $2) n`,
      [bookId, SEGMENTS],
    );
    return bookId;
  } finally {
    await client.end();
  }
}

process.env.DATABASE_URL = url;
// Each reader gets its own address from X-Forwarded-For: with one trusted hop the server takes
// the rightmost entry, which is the one sent here.
process.env.TRUST_PROXY = '1';
process.env.ANSWER_RATE_LIMIT = '1000000';
process.env.DEMO_CATALOGUE = 'false';
const server = await startServer(Number(process.env.BENCH_PORT ?? 4021));
// Paced mode: one keep-alive connection per reader.
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
try {
  const bookId = await prepareBook();
  // More readers than connections, each signed up from their own (forwarded) address.
  const cookies: string[] = [];
  const emails: string[] = [];
  for (let i = 0; i < connections + 10; i++) {
    const email = `bench-answer-${Date.now()}-${i}@example.com`;
    emails.push(email);
    const res = await fetch(`${server.baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: {
        origin: server.origin,
        'content-type': 'application/json',
        'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${i % 250}`,
      },
      body: JSON.stringify({ email, password: 'Lisons-2026' }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }

  // autocannon resets a connection's context after each pass over `requests`, so readers
  // are lent for one pass (wrong answer, right answer) from an idle pool, and each reader's
  // next segment is kept here.
  let idle = cookies.map((_, i) => i);
  const nextSegment = cookies.map(() => 1);
  // A run stops with passes cut short and answers in flight: before the next run every
  // reader goes back to the pool, at the segment the database says comes next.
  const resync = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string; validated: number | null }>(
        `select u.email, p.segments_validated as validated from users u
         left join reading_progress p on p.user_id = u.id and p.book_id = $1
         where u.email = any($2)`,
        [bookId, emails],
      );
      const validated = new Map(rows.map((r) => [r.email, Number(r.validated ?? 0)]));
      emails.forEach((email, i) => {
        nextSegment[i] = (validated.get(email) ?? 0) + 1;
      });
      idle = cookies.map((_, i) => i);
    } finally {
      await client.end();
    }
  };
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  type Context = { reader?: number };
  const request = (wrong: boolean) => ({
    method: 'POST' as const,
    setupRequest: (req: autocannon.Request, context: Context) => {
      if (context.reader === undefined) context.reader = idle.shift() ?? 0;
      const segment = nextSegment[context.reader] ?? 1;
      return {
        ...req,
        path: `/api/books/${bookId}/segments/${segment}/answer`,
        headers: {
          cookie: cookies[context.reader] ?? '',
          origin: server.origin,
          'content-type': 'application/json',
          'accept-encoding': 'gzip, deflate, br',
        },
        body: JSON.stringify({ answer: wrong ? 'faux' : `mot${segment}` }),
      };
    },
    onResponse: (status: number, body: string, context: Context) => {
      if (wrong || context.reader === undefined) return;
      // ALREADY_VALIDATED: a right answer still in flight when the last run stopped.
      if (status === 200 || body.includes('ALREADY_VALIDATED')) {
        nextSegment[context.reader] = (nextSegment[context.reader] ?? 1) + 1;
      }
      idle.push(context.reader);
    },
  });
  const post = (reader: number, segment: number, answer: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({ answer });
      const req = http.request(
        `${server.baseUrl}/api/books/${bookId}/segments/${segment}/answer`,
        {
          method: 'POST',
          agent,
          headers: {
            cookie: cookies[reader] ?? '',
            origin: server.origin,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const paced = async (seconds: number, answersPerSecond: number) => {
    latencies.length = 0;
    statuses.clear();
    const period = (2 * connections * 1000) / answersPerSecond; // one pass = two answers
    const start = performance.now();
    const end = start + seconds * 1000;
    let answered = 0;
    const record = (status: number, ms: number) => {
      latencies.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answered += 1;
    };
    await Promise.all(
      Array.from({ length: connections }, async (_, reader) => {
        for (let k = 0; ; k++) {
          const due = start + (reader / connections + k) * period;
          if (due >= end) return;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const segment = nextSegment[reader] ?? 1;
          const wrong = await post(reader, segment, 'faux');
          record(wrong.status, performance.now() - due);
          const sent = performance.now();
          const right = await post(reader, segment, `mot${segment}`);
          record(right.status, performance.now() - sent);
          if (right.status === 200) nextSegment[reader] = segment + 1;
        }
      }),
    );
    return { requests: { average: answered / ((performance.now() - start) / 1000) }, errors: 0 };
  };
  const closedLoop = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      latencies.length = 0;
      statuses.clear();
      const instance = autocannon(
        {
          url: server.baseUrl,
          connections,
          duration: seconds,
          requests: [request(true), request(false)],
        },
        (error, r) => (error ? reject(error) : resolve(r)),
      );
      instance.on('response', (_client, status, _bytes, ms) => {
        latencies.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    });
  const rate = Number(args.rate);
  const run = (seconds: number) => (rate > 0 ? paced(seconds, rate) : closedLoop(seconds));
  if (Number(args.warmup) > 0) {
    await run(Number(args.warmup));
    // Let the server finish the answers autocannon stopped waiting for.
    await new Promise((r) => setTimeout(r, 1000));
    await resync();
  }
  const busyBefore = await machineBusy(2000);
  const result = await run(Number(args.duration));
  latencies.sort((a, b) => a - b);
  const row = {
    scenario: 'answer (wrong, then right)',
    connections,
    load: rate > 0 ? `paced, ${rate} answers/s` : 'closed loop (saturated)',
    'req/s': Math.round(result.requests.average),
    'p50 ms': Number(percentile(latencies, 50).toFixed(2)),
    'p95 ms': Number(percentile(latencies, 95).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(2)),
    statuses: Object.fromEntries(statuses),
    errors: result.errors,
    verdict: percentile(latencies, 95) < 25 ? 'PASS (p95 < 25 ms)' : 'MISS (p95 < 25 ms)',
    'busy before %': Math.round(busyBefore),
  };
  // Throughput as a ratio to pgbench's TPC-B-like transaction, measured in the same run on
  // the same PostgreSQL at the same concurrency (this noisy 2-core machine makes absolute
  // saturated figures meaningless). Goal: at least 0.6 (decision 009).
  if (rate === 0 && args.pgbench) {
    const tps = await pgbenchTps({
      url,
      clients: connections,
      seconds: Number(args.duration),
      scale: connections,
    });
    const ratio = result.requests.average / tps;
    Object.assign(row, {
      'pgbench tps': Math.round(tps),
      'answers/pgbench': Number(ratio.toFixed(2)),
      'ratio verdict': ratio >= 0.6 ? 'PASS (≥ 0.6)' : 'MISS (≥ 0.6)',
    });
  }
  // The server and this process idle between passes; more than that is someone else's work.
  if (busyBefore > 15) {
    console.warn(`machine ${busyBefore.toFixed(0)}% busy before the run: figures not comparable`);
  }
  console.table([row]);
  console.log(`saved ${writeResult('load-answers', { rate, row })}`);
} finally {
  agent.destroy();
  await server.stop();
}
