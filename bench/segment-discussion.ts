import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { machineBusy, percentile } from './lib/load';
import { writeResult } from './lib/serve';
import { serverEntry } from './lib/server-command';

// A segment's discussion (decision 054) holding 10 000 posts on PostgreSQL: its first page
// (20 threads, newest first, each with its first replies, Bookys and reply count) for a reader
// who validated the segment, one request alone (closed loop, 1 connection): p50/p95/p99, target
// p95 < 15 ms. Also, for the record: the book page's counts of every segment, a thread's
// replies, an older page, and a floor (a signed-in route reading one small row). The posts are 8 000 threads and 2 000 replies (one thread holds
// 200 of them, the others a few) by 300 readers, with Bookys; the seeded rows are removed at
// the end. Run `npm run build` first (or BENCH_FROM_SOURCE=1):
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench \
//     node --import tsx bench/segment-discussion.ts
const url = process.env.BENCH_DATABASE_URL;
if (!url || !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL is required, on a database whose name contains "bench".');
  process.exit(2);
}
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const REPLIES = Math.round(POSTS / 5);
const AUTHORS = 300;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const TARGET_P95_MS = 15;
/** What the bench accepts, as a browser does (BENCH_ENCODING=identity: uncompressed). */
const ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';
const port = Number(process.env.BENCH_PORT ?? 4034);
const baseUrl = `http://127.0.0.1:${port}`;
const publicUrl = 'https://bench.lisons.test';
const stamp = Date.now();

/** Creates the bench database when it is not there yet (the server migrates it). */
async function ensureDatabase(target: string) {
  const name = new URL(target).pathname.slice(1);
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await c.end();
  }
}
await ensureDatabase(url);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-bench-discussion-'));
const child: ChildProcess = spawn(process.execPath, serverEntry, {
  env: {
    ...process.env,
    // As production runs: responses are serialised without their schema's check.
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Fastify's request lines give each answer's time inside the server (responseTime), the
    // page's own share without the bench's client, which parses each body on the same cores.
    LOG_LEVEL: 'info',
    DATABASE_URL: url,
    AUTH_SECRET: 'bench-secret-not-for-production-0123456789',
    PUBLIC_URL: publicUrl,
    DEMO_CATALOGUE: 'false',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
/** The server's own time per request, by URL (from its log lines). */
const serverTimes = new Map<string, number[]>();
{
  const urls = new Map<string, string>();
  let rest = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      let entry: { reqId?: string; req?: { url?: string }; responseTime?: number };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (!entry.reqId) continue;
      if (entry.req?.url) urls.set(entry.reqId, entry.req.url);
      else if (typeof entry.responseTime === 'number') {
        const url = urls.get(entry.reqId);
        urls.delete(entry.reqId);
        if (url) serverTimes.set(url, [...(serverTimes.get(url) ?? []), entry.responseTime]);
      }
    }
  });
}
const client = new pg.Client({ connectionString: url });

async function signUp(email: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { origin: publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Lisons-2026' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [
    email,
  ]);
  return { id: rows[0]?.id as string, cookie };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** REQUESTS requests one after the other (latencies in ms); each must answer 200. */
async function closedLoop(target: string, cookie: string, requests = REQUESTS) {
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < requests + 30; i++) {
    const start = performance.now();
    const res = await fetch(`${baseUrl}${target}`, {
      headers: { cookie, accept: 'application/json', 'accept-encoding': ENCODING },
    });
    const body = (await res.json()) as { items?: unknown[]; segments?: unknown[] };
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${target}: ${res.status} ${JSON.stringify(body)}`);
    items = body.items?.length ?? body.segments?.length ?? 0;
    if (i >= 30) times.push(ms); // the first 30 warm the statements and caches
  }
  times.sort((a, b) => a - b);
  // The server's own times for the same requests (the warm-up left out); its last lines may
  // still be on their way: a moment for them.
  await new Promise((r) => setTimeout(r, 200));
  // The log names a request by its path (the query left out): loops run one after the other.
  const path = target.split('?')[0] as string;
  const inServer = (serverTimes.get(path) ?? []).slice(30).sort((a, b) => a - b);
  serverTimes.delete(path);
  return {
    items,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    serverP50: round(percentile(inServer, 50)),
    serverP95: round(percentile(inServer, 95)),
  };
}

const users: string[] = [];
let bookId: string | null = null;
try {
  await client.connect();
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const reader = await signUp(`bench-discussion-${stamp}@example.com`);
  users.push(reader.id);
  const seeded = performance.now();
  const { rows: bookRows } = await client.query<{ id: string }>(
    `insert into books (slug, title, author, category, total_pages, description)
     values ($1, 'Livre de la discussion', 'Banc d’essai', 'litterature', 300, '') returning id`,
    [`banc-discussion-${stamp}`],
  );
  bookId = bookRows[0]?.id as string;
  // The authors, and the reader: each validated segment 1 (and the reader segments 1 to 3).
  const { rows: authorRows } = await client.query<{ id: string }>(
    `insert into users (email, username)
     select 'bench-discussion-author-' || $1 || '-' || n || '@example.com', 'Auteur ' || n
     from generate_series(1, $2::int) n returning id`,
    [stamp, AUTHORS],
  );
  const authors = authorRows.map((r) => r.id);
  users.push(...authors);
  await client.query(
    `with p as (
       insert into reading_progress (user_id, book_id, status, segments_validated, current_page)
       select u, $2, 'in_progress', case when u = $3 then 3 else 1 end,
         case when u = $3 then 90 else 30 end
       from unnest($1::uuid[]) u returning id, user_id, segments_validated)
     insert into reading_validations (user_id, book_id, progress_id, segment)
     select p.user_id, $2, p.id, s from p cross join lateral generate_series(1, p.segments_validated) s`,
    [[...authors, reader.id], bookId, reader.id],
  );
  const threads = POSTS - REPLIES;
  // Threads over the last 30 days, newest last; then replies: 200 on the newest thread, the
  // rest on random recent ones.
  await client.query(
    `insert into segment_posts (book_id, segment, author_id, content, bookys, created_at)
     select $1, 1, ($2::uuid[])[1 + (n * 7919) % $3], 'Message d’essai numéro ' || n || ', sur les trente premières pages, '
         || repeat('avec un peu de texte ', 1 + n % 12), n % 5,
       now() - ((($4::int - n) * 260) || ' seconds')::interval
     from generate_series(1, $4::int) n`,
    [bookId, authors, AUTHORS, threads],
  );
  await client.query(
    `with t as (select id, created_at, row_number() over (order by created_at desc) as k
                from segment_posts where book_id = $1 and parent_id is null)
     insert into segment_posts (book_id, segment, parent_id, author_id, content, created_at)
     select $1, 1, t.id, ($2::uuid[])[1 + (n * 104729) % $3], 'Réponse d’essai ' || n,
       t.created_at + (n || ' seconds')::interval
     from generate_series(1, $4::int) n
     join t on t.k = case when n <= 200 then 1 else 2 + (n * 31) % 400 end`,
    [bookId, authors, AUTHORS, REPLIES],
  );
  // The reader's Bookys on the 20 newest threads.
  await client.query(
    `insert into segment_post_bookys (post_id, reader_id)
     select id, $2 from segment_posts where book_id = $1 and parent_id is null
     order by created_at desc limit 20`,
    [bookId, reader.id],
  );
  await client.query(
    'analyze segment_posts; analyze segment_post_bookys; analyze reading_validations',
  );
  const seedSeconds = round((performance.now() - seeded) / 1000);
  const { rows: counted } = await client.query<{ n: number }>(
    'select count(*)::int as n from segment_posts where book_id = $1',
    [bookId],
  );
  const { rows: busiest } = await client.query<{ id: string }>(
    `select parent_id as id from segment_posts where book_id = $1 and parent_id is not null
     group by parent_id order by count(*) desc limit 1`,
    [bookId],
  );
  const first = (await (
    await fetch(`${baseUrl}/api/books/${bookId}/discussions/1`, {
      headers: { cookie: reader.cookie },
    })
  ).json()) as { nextCursor: string };

  // How busy the machine was before (others' work shares its two cores), and the floor: a
  // signed-in route that reads one small row, to tell the framework's share from the page's.
  const busyBefore = round(await machineBusy());
  const floor = await closedLoop('/api/notifications/preferences', reader.cookie, 200);
  const firstPage = await closedLoop(`/api/books/${bookId}/discussions/1`, reader.cookie);
  const results = {
    posts: Number(counted[0]?.n),
    busyBefore,
    floor,
    seedSeconds,
    requests: REQUESTS,
    firstPage,
    targetP95Ms: TARGET_P95_MS,
    targetMet: firstPage.p95 < TARGET_P95_MS,
    targetMetInServer: firstPage.serverP95 < TARGET_P95_MS,
    olderPage: await closedLoop(
      `/api/books/${bookId}/discussions/1?before=${encodeURIComponent(first.nextCursor)}`,
      reader.cookie,
      200,
    ),
    replies: await closedLoop(
      `/api/discussions/posts/${busiest[0]?.id}/replies`,
      reader.cookie,
      200,
    ),
    bookPageCounts: await closedLoop(`/api/books/${bookId}/discussions`, reader.cookie, 200),
  };
  console.table(
    Object.fromEntries(Object.entries(results).filter(([, v]) => typeof v === 'object')),
  );
  const file = writeResult('segment-discussion', results);
  console.log(
    `${results.posts} posts, seeded in ${seedSeconds} s, machine ${busyBefore} % busy before; first page p95 ${firstPage.p95} ms, ${firstPage.serverP95} ms in the server (target < ${TARGET_P95_MS} ms: ${results.targetMet ? 'met' : 'NOT met'}); written to ${file}`,
  );
} finally {
  // The book takes its posts, Bookys and validations with it; the readers go after.
  // BENCH_KEEP=1 leaves them, to read the plans in psql.
  if (process.env.BENCH_KEEP === '1') {
    console.log(`kept: book ${bookId}, reader ${users[0]}`);
  } else {
    if (bookId) await client.query('delete from books where id = $1', [bookId]);
    if (users.length > 0) await client.query('delete from users where id = any($1)', [users]);
  }
  await client.end();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
