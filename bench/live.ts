import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loopDelay, paced, settle } from './lib/live-paced';
import { generateReaders, LIVE_BOOK_SLUG, readerCookies, reuseReaders } from './lib/live-readers';
import { ensureDatabase, gitCommit, openFilesLimit } from './lib/live-setup';
import { alone, cpuMs, type LiveFrame, openStream, pooled, probe, rss } from './lib/live-streams';
import { machineBusy, percentile } from './lib/load';
import { startServer, writeResult } from './lib/serve';

// The live channel's speed (decision 019), on PostgreSQL, one server process, the load
// generator on loopback (same 2-core machine). Targets:
// - one process holds 5 000 open GET /api/live streams: memory per connection reported
//   (ΔRSS / 5 000 from /proc/<pid>/status, and Δheap after a full GC, read by a probe the
//   bench loads into the server: bench/lib/live-probe.ts);
// - with them open, 100 notifications/s for 30 s (open loop, paced) to random connected
//   readers reach their streams with p95 < 250 ms;
// - a chat message (10/s for 20 s) reaches the 500 readers of one room with p95 < 250 ms.
// Events are inserted into live_events by a separate pg pool, as every notification and chat
// message is once its own transaction commits (the trigger NOTIFYs 'lisons_live'); their data
// carries the send time, and latency = arrival of the frame's chunk − send time (one clock).
// /healthz alone (one request at a time on one keep-alive socket) is the reference, measured
// idle and with every stream open, in the same run. Readers, sessions (signed cookies) and
// the finishers' progress are made in SQL (bench/lib/live-readers.ts). Exits 1 when a target
// is missed or an event is lost. No `npm run build` needed (the API only).
// Beside each figure: the machine's load just before ('busy before %': other work on this
// shared machine makes a run not comparable), the insert's own round trip, the server's and
// the bench's CPU and longest event-loop stall ('loop max': a heartbeat round writes to every
// stream in one tick, and an event arriving then waits for it).
//
//   node --import tsx bench/live.ts [--skip-generate] [--readers 5000] [--room 500]
//     [--rate 100] [--seconds 30] [--chat-rate 10] [--chat-seconds 20] [--open-concurrency 100]
//     [--heartbeat <LIVE_HEARTBEAT_SECONDS>, the server's default (25) when not given]
//
// BENCH_DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/lisons_bench_live (made if
// missing, migrated by the server; its name must contain "bench"). Each stream is a socket in
// both processes: `ulimit -n` must exceed readers + room (checked).
const { values: args } = parseArgs({
  options: {
    'skip-generate': { type: 'boolean', default: false },
    readers: { type: 'string', default: '5000' },
    room: { type: 'string', default: '500' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    'chat-rate': { type: 'string', default: '10' },
    'chat-seconds': { type: 'string', default: '20' },
    'open-concurrency': { type: 'string', default: '100' },
    samples: { type: 'string', default: '500' },
    heartbeat: { type: 'string' },
  },
});
const readers = Number(args.readers);
const roomReaders = Math.min(readers, Number(args.room));
const TARGET_P95_MS = 250;
const url =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lisons_bench_live';
const database = new URL(url).pathname.slice(1);
if (!database.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}
const openFiles = openFilesLimit();
if (openFiles < readers + roomReaders + 200) {
  console.error(`ulimit -n is ${openFiles}: ${readers + roomReaders + 200} at least are needed.`);
  process.exit(2);
}
const commit = gitCommit();
const round = (n: number) => Math.round(n * 10) / 10;
const MB = (bytes: number) => round(bytes / 1_048_576);

await ensureDatabase(url);

const secret = process.env.AUTH_SECRET ?? 'bench-live-secret-not-for-production-0123456789';
const probeFile = path.join(os.tmpdir(), `lisons-live-probe-${process.pid}.json`);
Object.assign(process.env, {
  AUTH_SECRET: secret,
  DATABASE_URL: url,
  DEMO_CATALOGUE: 'false',
  ...(args.heartbeat ? { LIVE_HEARTBEAT_SECONDS: args.heartbeat } : {}),
  // Every bench reader connects from this one address: its cap is lifted.
  LIVE_STREAMS_PER_ADDRESS: '1000000',
  LIVE_PROBE_FILE: probeFile,
  BENCH_NODE_ARGS: `--expose-gc --import ./bench/lib/live-probe.ts ${process.env.BENCH_NODE_ARGS ?? ''}`,
});
const server = await startServer(Number(process.env.BENCH_PORT ?? 4041));
const { pid } = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as { pid: number };
const client = new pg.Client({ connectionString: url });
await client.connect();
const senders = new pg.Pool({ connectionString: url, max: 4 });
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const streams: { close: () => void }[] = [];
type Row = Record<string, string | number>;
const latencyRows: Row[] = [];
const benchLoop = loopDelay();
const memoryRows: Row[] = [];
let missed = false;
let ended = 0;
let closing = false;
try {
  const t = performance.now();
  if (args['skip-generate']) await reuseReaders(client, readers, roomReaders);
  else await generateReaders(client, readers, roomReaders);
  console.log(
    `readers ready in ${round(performance.now() - t)} ms (${args['skip-generate'] ? 'reused' : 'generated'})`,
  );
  const secure = server.origin.startsWith('https://');
  const who = await readerCookies(
    client,
    readers,
    secret,
    `${secure ? '__Secure-' : ''}lisons.session_token`,
  );
  const { rows: books } = await client.query<{ id: string }>(
    'select id from books where slug = $1',
    [LIVE_BOOK_SLUG],
  );
  const room = `chat:${books[0]?.id}`;
  // The signed cookie is checked once before opening thousands of streams with it.
  const first = who[0] as (typeof who)[0];
  const session = await fetch(`${server.baseUrl}/api/auth/session`, {
    headers: { cookie: first.cookie },
  });
  const user = ((await session.json()) as { user: { id: string } | null }).user;
  if (user?.id !== first.id)
    throw new Error(
      `the bench's session cookie is refused: ${session.status}, ${JSON.stringify(user)}`,
    );

  const healthz = async (name: string) => {
    const busy = await machineBusy(2000);
    const times = await alone(`${server.baseUrl}/healthz`, Number(args.samples), 200);
    latencyRows.push({
      case: `/healthz alone (${name})`,
      load: `${times.length} requests, one at a time`,
      'busy before %': Math.round(busy),
      events: times.length,
      'p50 ms': round(percentile(times, 50)),
      'p95 ms': round(percentile(times, 95)),
      'p99 ms': round(percentile(times, 99)),
      'max ms': round(times.at(-1) ?? 0),
    });
  };
  await healthz('idle');

  // Every frame of a bench event is timed and counted under its phase.
  const received: Record<string, { n: number; at: number; sentAt: number }[]> = {
    notification: [],
    chat: [],
  };
  const onFrame = (frame: LiveFrame, at: number) => {
    if (frame.event !== 'notification' && frame.event !== 'chat.message') return;
    const { phase, n, sentAt } = JSON.parse(frame.data) as {
      phase: string;
      n: number;
      sentAt: number;
    };
    received[phase]?.push({ n, at, sentAt });
  };
  const memory = async (
    point: string,
    connections: number,
    from?: { rss: number; heap: number },
  ) => {
    const heap = await probe(probeFile, pid);
    const reading = { rss: rss(pid), heap: heap.heapUsed };
    memoryRows.push({
      point,
      connections,
      'RSS MB': MB(reading.rss),
      'heap used MB': MB(reading.heap),
      'external MB': MB(heap.external),
      ...(from
        ? {
            'ΔRSS / connection KB': round((reading.rss - from.rss) / 1024 / connections),
            'Δheap / connection KB': round((reading.heap - from.heap) / 1024 / connections),
          }
        : {}),
    });
    console.log(memoryRows.at(-1));
    return reading;
  };
  const open = async (count: number, query: string, name: string) => {
    const opening: number[] = [];
    const busy = await machineBusy(2000);
    const cpu = cpuMs(pid);
    const start = performance.now();
    await pooled(who.slice(0, count), Number(args['open-concurrency']), async (reader) => {
      const s = performance.now();
      const stream = await openStream({
        agent,
        url: `${server.baseUrl}/api/live${query}`,
        cookie: reader.cookie,
        onFrame,
        onEnd: () => {
          if (!closing) ended += 1;
        },
      });
      opening.push(performance.now() - s);
      streams.push(stream);
    });
    const ms = performance.now() - start;
    opening.sort((a, b) => a - b);
    latencyRows.push({
      case: `open ${name}`,
      load: `${count} streams, ${args['open-concurrency']} at a time`,
      'busy before %': Math.round(busy),
      events: count,
      'p50 ms': round(percentile(opening, 50)),
      'p95 ms': round(percentile(opening, 95)),
      'p99 ms': round(percentile(opening, 99)),
      'max ms': round(opening.at(-1) ?? 0),
      'all open s': round(ms / 1000),
      'server CPU %': Math.round((100 * (cpuMs(pid) - cpu)) / ms),
    });
    console.log(latencyRows.at(-1));
  };

  const idle = await memory('before', 0);
  await open(readers, '', 'reader streams');
  const withReaders = await memory(`${readers} reader streams`, readers, idle);
  await open(
    roomReaders,
    `?room=${encodeURIComponent(room)}`,
    `room streams (${room.slice(0, 13)}…)`,
  );
  await memory(`+ ${roomReaders} room streams`, roomReaders, withReaders);
  await healthz(`${readers + roomReaders} streams open`);
  // Nothing sent for one heartbeat period and a second: the server's cost of holding the
  // streams (its baseline for the phases' CPU per delivery) and one heartbeat round's stall.
  const quiet = Math.min(Number(args.heartbeat ?? 25), 30) + 1;
  await probe(probeFile, pid);
  const idleCpu = cpuMs(pid);
  await new Promise((r) => setTimeout(r, quiet * 1000));
  const idleServerCpu = (cpuMs(pid) - idleCpu) / (quiet * 10);
  latencyRows.push({
    case: `nothing sent (${quiet} s${quiet > Number(args.heartbeat ?? 25) ? ': one heartbeat round' : ''})`,
    load: `${quiet} s, ${readers + roomReaders} streams open`,
    'server CPU %': round(idleServerCpu),
    'server loop max ms': (await probe(probeFile, pid)).loop.max,
  });

  /** One paced phase: events inserted open loop, every delivery timed, the machine's state beside. */
  const phase = async (
    name: string,
    key: 'notification' | 'chat',
    rate: number,
    seconds: number,
    send: (n: number, data: string) => Promise<number>,
  ) => {
    const busy = await machineBusy(2000);
    await probe(probeFile, pid); // starts the server's loop-delay window
    const cpu = cpuMs(pid);
    const benchCpu = process.cpuUsage();
    benchLoop.reset();
    const sent = await paced({ rate, seconds, send, tag: { phase: key } });
    const got = received[key] ?? [];
    await settle(() => got.length, sent.expected, 5_000);
    const times = got.map((d) => d.at - d.sentAt).sort((a, b) => a - b);
    // The channel's own share: from the insert's answer (its commit, when NOTIFY leaves).
    const fanOut = got.map((d) => d.at - (sent.committedAt[d.n] ?? d.sentAt)).sort((a, b) => a - b);
    const serverCpu = (100 * (cpuMs(pid) - cpu)) / sent.ms;
    const ownCpu = process.cpuUsage(benchCpu);
    const server = await probe(probeFile, pid);
    const lost = sent.expected - times.length;
    const pass = percentile(times, 95) < TARGET_P95_MS && lost === 0 && sent.failures === 0;
    if (!pass) missed = true;
    latencyRows.push({
      case: name,
      load: `${rate}/s × ${seconds} s, open loop, ${readers + roomReaders} streams open`,
      'busy before %': Math.round(busy),
      events: rate * seconds,
      deliveries: times.length,
      lost: lost + sent.failures,
      'p50 ms': round(percentile(times, 50)),
      'p95 ms': round(percentile(times, 95)),
      'p99 ms': round(percentile(times, 99)),
      'max ms': round(times.at(-1) ?? 0),
      'insert p95 ms': round(percentile(sent.inserts, 95)),
      'from commit p50/p95 ms': `${round(percentile(fanOut, 50))} / ${round(percentile(fanOut, 95))}`,
      'server CPU %': Math.round(serverCpu),
      'server µs / delivery': Math.round(
        ((serverCpu - idleServerCpu) * sent.ms * 10) / times.length,
      ),
      'server loop max ms': server.loop.max,
      'bench CPU %': Math.round((ownCpu.user + ownCpu.system) / 10 / sent.ms),
      'bench loop max ms': benchLoop.max(),
      verdict: pass
        ? `PASS (p95 < ${TARGET_P95_MS} ms, none lost)`
        : `MISS (p95 < ${TARGET_P95_MS} ms, none lost)`,
    });
    console.log(latencyRows.at(-1));
  };

  // Readers 0…room-1 have two streams (their own and the room's): both get their events.
  await phase(
    'notification → its reader',
    'notification',
    Number(args.rate),
    Number(args.seconds),
    async (_n, data) => {
      const reader = Math.floor(Math.random() * readers);
      await senders.query(
        `insert into live_events (reader_id, kind, data) values ($1, 'notification', $2::jsonb)`,
        [who[reader]?.id, data],
      );
      return reader < roomReaders ? 2 : 1;
    },
  );
  await memory('after the notifications', readers + roomReaders, idle);
  // The author is a reader outside the room (chat.message data must carry authorId).
  const author = who[readers - 1]?.id;
  await phase(
    `chat message → ${roomReaders} room streams`,
    'chat',
    Number(args['chat-rate']),
    Number(args['chat-seconds']),
    async (_n, data) => {
      await senders.query(
        `insert into live_events (room, kind, data)
         values ($1, 'chat.message', jsonb_set($2::jsonb, '{authorId}', to_jsonb($3::text)))`,
        [room, data, author],
      );
      return roomReaders;
    },
  );
  await memory('after the chat', readers + roomReaders, idle);
} finally {
  closing = true;
  for (const stream of streams) stream.close();
  agent.destroy();
  await senders.end();
  await client.end();
  await server.stop();
  fs.rmSync(probeFile, { force: true });
}
for (const row of latencyRows) {
  const busy = Number(row['busy before %']);
  if (busy > 15) console.warn(`${row.case}: machine ${busy} % busy before: not comparable`);
}
if (ended > 0) {
  missed = true;
  console.warn(`${ended} streams were ended by the server during the run`);
}
console.log(
  `\ncommit ${commit}; server, PostgreSQL and this load generator on one machine (${os.cpus().length} cores).`,
);
console.table(memoryRows);
console.table(latencyRows);
const saved = { commit, readers, roomReaders, ended, memoryRows, latencyRows };
console.log(`saved ${writeResult('live', saved)}`);
process.exitCode = missed ? 1 : 0;
