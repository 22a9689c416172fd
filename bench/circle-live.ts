import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { discussionRoom } from '../domain/live';
import { generateReaders, LIVE_BOOK_SLUG, readerCookies } from './lib/live-readers';
import { ensureDatabase, gitCommit, openFilesLimit } from './lib/live-setup';
import { now, openStream, pooled } from './lib/live-streams';
import { machineBusy, percentile } from './lib/load';
import { startServer, writeResult } from './lib/serve';

// A reading circle's discussion, live (decisions 019, 054 and 056), on PostgreSQL, one server
// process, the load generator on loopback (same 2-core machine). Target: a new post reaches
// the `--members` (500) connected members of a circle with p95 < 250 ms.
// The members, their sessions, their validation of segment 1 and the circle are made in SQL
// (bench/lib/live-readers.ts: readers 0…n-1 of the live bench, one book of 10 segments). Each
// member opens GET /api/live on the circle's room of segment 1; then `--posts` members post
// one after the other through the real route (POST /api/books/:id/discussions/1?circle=…:
// the access check, the rate limits, the insert and its live event in one transaction), one
// every `--interval` ms, each post by a different member (a member may post 10 a minute).
// Latency = the frame's arrival at a member's stream − the moment the POST was sent (one
// clock); "from answer" counts from the route's 201 instead (the channel's own share).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_circle_live \
//     node --import tsx bench/circle-live.ts [--members 500] [--posts 40] [--interval 500]
//
// The database is made if missing (its name must contain "bench"); the run replaces the live
// bench's readers in it. `ulimit -n` must exceed the members (checked). Exits 1 on a miss.
const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '500' },
    posts: { type: 'string', default: '40' },
    interval: { type: 'string', default: '500' },
  },
});
const members = Number(args.members);
const posts = Math.min(Number(args.posts), members);
const interval = Number(args.interval);
const TARGET_P95_MS = 250;
const url =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lisons_bench_circle_live';
if (!new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}
if (openFilesLimit() < members + 200) {
  console.error(`ulimit -n is ${openFilesLimit()}: ${members + 200} at least are needed.`);
  process.exit(2);
}
const round = (n: number) => Math.round(n * 10) / 10;

await ensureDatabase(url);
const secret = process.env.AUTH_SECRET ?? 'bench-circle-secret-not-for-production-0123456789';
Object.assign(process.env, {
  AUTH_SECRET: secret,
  DATABASE_URL: url,
  BENCH_DATABASE_URL: url,
  DEMO_CATALOGUE: 'false',
  // Every member connects from this one address: its cap is lifted.
  LIVE_STREAMS_PER_ADDRESS: '1000000',
});
const server = await startServer(Number(process.env.BENCH_PORT ?? 4043));
const client = new pg.Client({ connectionString: url });
await client.connect();
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const streams: { close: () => void }[] = [];
let missed = false;
try {
  await generateReaders(client, members, 0);
  const { rows: books } = await client.query<{ id: string }>(
    'select id from books where slug = $1',
    [LIVE_BOOK_SLUG],
  );
  const bookId = books[0]?.id as string;
  // Every member has validated segment 1 (a discussion opens to those who read its pages),
  // and belongs to one circle started today by member 0.
  await client.query('begin');
  await client.query(
    `insert into reading_progress (user_id, book_id, status, segments_validated, current_page, started_at)
     select md5('live-r' || n)::uuid, $2, 'in_progress', 1, 30, now() from generate_series(0, $1 - 1) n`,
    [members, bookId],
  );
  await client.query(
    `insert into reading_validations (user_id, book_id, progress_id, segment)
     select user_id, book_id, id, 1 from reading_progress where book_id = $1`,
    [bookId],
  );
  const { rows: circles } = await client.query<{ id: string }>(
    `insert into circles (creator_id, book_id, name, start_day, pace_days, invite_code)
     values (md5('live-r0')::uuid, $1, 'Cercle du banc', current_date, 7, md5(random()::text))
     returning id`,
    [bookId],
  );
  const circleId = circles[0]?.id as string;
  await client.query(
    `insert into circle_members (circle_id, reader_id)
     select $2, md5('live-r' || n)::uuid from generate_series(0, $1 - 1) n`,
    [members, circleId],
  );
  await client.query('commit');

  const secure = server.origin.startsWith('https://');
  const who = await readerCookies(
    client,
    members,
    secret,
    `${secure ? '__Secure-' : ''}lisons.session_token`,
  );
  const room = discussionRoom(bookId, 1, circleId);
  const sentAt = new Map<number, number>();
  const answeredAt = new Map<number, number>();
  const arrivals: { n: number; at: number }[] = [];
  const opened = performance.now();
  await pooled(who, 50, async (member) => {
    streams.push(
      await openStream({
        agent,
        url: `${server.baseUrl}/api/live?room=${encodeURIComponent(room)}`,
        cookie: member.cookie,
        onFrame: (frame, at) => {
          if (frame.event !== 'discussion.post') return;
          const n = Number(
            /#(\d+)$/.exec((JSON.parse(frame.data) as { content: string }).content)?.[1],
          );
          arrivals.push({ n, at });
        },
        onEnd: () => {},
      }),
    );
  });
  console.log(`${members} members connected in ${round(performance.now() - opened)} ms`);

  const busy = await machineBusy(2000);
  const failures: string[] = [];
  for (let n = 0; n < posts; n++) {
    const author = who[(n + 1) % members] as (typeof who)[number];
    const started = now();
    sentAt.set(n, started);
    const response = await fetch(
      `${server.baseUrl}/api/books/${bookId}/discussions/1?circle=${circleId}`,
      {
        method: 'POST',
        headers: {
          cookie: author.cookie,
          origin: server.origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ content: `Au banc du cercle, message #${n}` }),
      },
    );
    answeredAt.set(n, now());
    if (response.status !== 201) failures.push(`${response.status} ${await response.text()}`);
    const wait = started + interval - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const expected = (posts - failures.length) * members;
  const deadline = Date.now() + 10_000;
  while (arrivals.length < expected && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));

  const times = arrivals.map((a) => a.at - (sentAt.get(a.n) ?? a.at)).sort((a, b) => a - b);
  const fromAnswer = arrivals
    .map((a) => a.at - (answeredAt.get(a.n) ?? a.at))
    .sort((a, b) => a - b);
  const lost = expected - arrivals.length;
  const p95 = percentile(times, 95);
  missed = p95 >= TARGET_P95_MS || lost > 0 || failures.length > 0;
  const row = {
    case: `a post → ${members} connected members of a circle`,
    load: `${posts} posts, one every ${interval} ms`,
    'busy before %': Math.round(busy),
    deliveries: arrivals.length,
    lost,
    'failed posts': failures.length,
    'p50 ms': round(percentile(times, 50)),
    'p95 ms': round(p95),
    'p99 ms': round(percentile(times, 99)),
    'max ms': round(times.at(-1) ?? 0),
    'from answer p50/p95 ms': `${round(percentile(fromAnswer, 50))} / ${round(percentile(fromAnswer, 95))}`,
    verdict: missed
      ? `MISS (p95 < ${TARGET_P95_MS} ms, none lost)`
      : `PASS (p95 < ${TARGET_P95_MS} ms, none lost)`,
  };
  console.table([row]);
  if (failures.length) console.error('failed posts:', failures.slice(0, 3));
  writeResult('circle-live', { commit: gitCommit(), members, posts, interval, row });
} finally {
  for (const stream of streams) stream.close();
  agent.destroy();
  await client.end();
  await server.stop();
}
process.exit(missed ? 1 : 0);
