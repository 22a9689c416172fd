import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile } from './lib/load';
import { writeResult } from './lib/serve';
import { serverEntry } from './lib/server-command';

// The review queue of proposed questions (decision 045) with 100 000 questions waiting across
// the 100 000-book bench catalogue: one request alone (closed loop, 1 connection), p95 < 20 ms,
// for an administrator (the whole queue, oldest first), a reader reviewer who validated 300
// segments holding waiting questions, and both filtered on one book. The seeded rows are
// removed at the end. Run `npm run build` first, and bench/generate-catalogue.ts on the database:
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench \
//     node --import tsx bench/question-reviews.ts
const url = process.env.BENCH_DATABASE_URL;
if (!url || !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL is required, on a database whose name contains "bench".');
  process.exit(2);
}
const PENDING = Number(process.env.BENCH_PENDING ?? 100_000);
const READ_SEGMENTS = 300;
const REQUESTS = 300;
const port = Number(process.env.BENCH_PORT ?? 4032);
const baseUrl = `http://127.0.0.1:${port}`;
const publicUrl = 'https://bench.lisons.test';
const stamp = Date.now();
const adminEmail = `bench-review-admin-${stamp}@example.com`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-bench-reviews-'));
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
const client = new pg.Client({ connectionString: url });

async function signUp(email: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { origin: publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Lisons-2026' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [
    email,
  ]);
  return { id: rows[0]?.id as string, cookie };
}

/** REQUESTS requests one after the other (latencies in ms); each must answer 200. */
async function closedLoop(target: string, cookie: string) {
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < REQUESTS + 20; i++) {
    const start = performance.now();
    const res = await fetch(`${baseUrl}${target}`, {
      headers: { cookie, accept: 'application/json' },
    });
    const body = (await res.json()) as { items?: unknown[] };
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${target}: ${res.status}`);
    items = body.items?.length ?? 0;
    if (i >= 20) times.push(ms); // the first 20 warm the statements and caches
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { items, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

const users: string[] = [];
try {
  await client.connect();
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
  const admin = await signUp(adminEmail);
  const author = await signUp(`bench-review-author-${stamp}@example.com`);
  const reviewer = await signUp(`bench-review-reader-${stamp}@example.com`);
  users.push(admin.id, author.id, reviewer.id);
  // The administrator's address, proved as its link would (ADMIN_EMAILS needs it).
  await client.query('update users set email_verified = true, is_admin = true where id = $1', [
    admin.id,
  ]);

  // 100 000 questions waiting, one per (book, segment 1…), spread over the catalogue.
  const seeded = performance.now();
  await client.query(
    `insert into reading_questions (book_id, segment, question, answer, location, status, author_id, created_at)
     with b as (select id, expected_segments, row_number() over (order by id) - 1 as k
                from books where is_published),
       total as (select count(*) as c from b)
     select b.id, 1 + (n % b.expected_segments), 'Question d’essai ' || n || ' ?', 'mot' || n, 'p. 1',
       'pending', $1, now() - (n || ' seconds')::interval
     from generate_series(1, $2::int) n
     join b on b.k = (n::bigint * 7919) % (select c from total)`,
    [author.id, PENDING],
  );
  // The reviewer: level 3 (300 XP) and 300 validated segments that hold waiting questions.
  await client.query(
    `insert into xp_events (user_id, source_key, reason, amount) values ($1, 'bench:seed', 'bench', 300)`,
    [reviewer.id],
  );
  await client.query(
    `with picked as (
       select distinct on (q.book_id) q.book_id, q.segment from reading_questions q
       where q.author_id = $2 order by q.book_id, q.segment limit $3),
     progress as (
       insert into reading_progress (user_id, book_id, status, segments_validated, current_page)
       select $1, book_id, 'in_progress', segment, segment * 30 from picked
       returning id, book_id, segments_validated)
     insert into reading_validations (user_id, book_id, progress_id, segment)
     select $1, p.book_id, p.id, p.segments_validated from progress p`,
    [reviewer.id, author.id, READ_SEGMENTS],
  );
  await client.query('analyze reading_questions; analyze reading_validations');
  const seedSeconds = Math.round((performance.now() - seeded) / 100) / 10;
  const { rows: oneBook } = await client.query<{ book_id: string }>(
    'select book_id from reading_validations where user_id = $1 limit 1',
    [reviewer.id],
  );
  const bookId = oneBook[0]?.book_id as string;

  const results = {
    pending: PENDING,
    seedSeconds,
    adminQueue: await closedLoop('/api/question-reviews', admin.cookie),
    adminOneBook: await closedLoop(`/api/question-reviews?bookId=${bookId}`, admin.cookie),
    readerQueue: await closedLoop('/api/question-reviews', reviewer.cookie),
    readerOneBook: await closedLoop(`/api/question-reviews?bookId=${bookId}`, reviewer.cookie),
    bookPageOffer: await closedLoop(`/api/books/${bookId}/contributions`, reviewer.cookie),
  };
  console.table(
    Object.fromEntries(Object.entries(results).filter(([, v]) => typeof v === 'object')),
  );
  const file = writeResult('question-reviews', results);
  console.log(`pending ${PENDING}, seeded in ${seedSeconds} s; written to ${file}`);
} finally {
  // The seeded rows go with their readers (questions: by their author).
  if (users.length > 0) {
    await client.query('delete from reading_questions where author_id = any($1)', [users]);
    await client.query('delete from users where id = any($1)', [users]);
  }
  await client.end();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
