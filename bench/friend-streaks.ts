import { type ChildProcess, execSync, spawn } from 'node:child_process';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dayBefore, friendDayOf, weekOf } from '../domain/friends';
import { openDatabase } from '../server/db/client';
import {
  FRIEND_STREAK_CHECK,
  FRIEND_STREAK_CHECK_CRON,
} from '../server/modules/friends/friends.jobs';
import { occurrenceAtOrBefore, PARIS } from '../server/modules/jobs/schedule-instant';
import { writeResult } from './lib/serve';

// The nightly friend-streak job (decision 055) on PostgreSQL over 100 000 friend streaks,
// generated in SQL (generate_series, one INSERT … SELECT per table): readers in a ring, each
// in two friend streaks, their states set against the day that ended so that the job has every
// kind of work: 40 % shared that day (nothing to do), 30 % missed with a freeze held (spent),
// 20 % missed without (ended, some after two or three days missed), 10 % at 0 (skipped); 1 %
// of the pairs blocked since (dropped) and 10 000 quest invitations of last week (dropped).
// Then `--processes` server processes (bench/lib/friend-job-runner.ts: the job queue and the
// schedule as app.ts starts them) race for the occurrence. Targets: the job finishes in under
// 60 s, and it runs once.
//
//   psql -h 127.0.0.1 -U postgres -c 'create database lisons_bench_friends'
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lisons_bench_friends \
//     node --import tsx bench/friend-streaks.ts [--pairs 100000] [--processes 2]
//
// Generation TRUNCATES users (and everything that cascades from them), so the database's
// name must contain "bench".
const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '100000' },
    processes: { type: 'string', default: '2' },
  },
});
const pairs = Number(args.pairs);
const processes = Number(args.processes);
const TARGET_MS = 60_000;
const url = process.env.BENCH_DATABASE_URL;
if (!url || !new URL(url).pathname.includes('bench')) {
  console.error('BENCH_DATABASE_URL must name a database whose name contains "bench".');
  process.exit(2);
}
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// The occurrence the processes will claim: the latest 00:10 Paris; the day it judges.
const occurrence = occurrenceAtOrBefore(FRIEND_STREAK_CHECK_CRON, PARIS, new Date());
const today = friendDayOf(occurrence);
const day = dayBefore(today);
const lastWeek = dayBefore(weekOf(today));

const reader = (n: string) => `md5('ami' || (${n}))::uuid`;
const a = reader('n');
const b = reader(`(n + 1) % ${pairs}`);

const steps: { name: string; sql: string }[] = [
  { name: 'empty', sql: 'truncate table users, rate_limits cascade' },
  {
    name: `${pairs} readers`,
    sql: `insert into users (id, email, username, email_verified)
      select ${reader('n')}, 'ami-' || n || '@banc.example', 'ami_' || n, true
      from generate_series(0, ${pairs - 1}) n`,
  },
  {
    // k = n % 10: 0–3 shared on the day that ended, 4–6 a freeze to spend, 7–8 ended (1 to
    // 3 days missed, no freeze), 9 at 0.
    name: `${pairs} friend streaks`,
    sql: `insert into friend_streaks (reader_a, reader_b, invited_by, status, started_on,
        a_read_on, b_read_on, current, best, freezes, judged_through, accepted_at)
      select least(${a}, ${b}), greatest(${a}, ${b}), ${a}, 'active', '${day}'::date - 120,
        '${day}'::date - case when k <= 3 then 0 else 1 end, '${day}'::date - case when k <= 3 then 0 else 2 end,
        cur, cur + n % 5, fr,
        '${day}'::date - case when k <= 3 then 0 when k <= 6 then 1 when k <= 8 then 1 + n % 3 else 5 end,
        now() - interval '120 days'
      from (select n, k,
              case when k <= 3 then 1 + n % 60 when k <= 6 then 7 + n % 50 when k <= 8 then 1 + n % 6 else 0 end as cur,
              case when k <= 3 then case when n % 60 >= 6 then n % 3 else 0 end
                   when k <= 6 then 1 + n % 2 else 0 end as fr
            from (select n, n % 10 as k from generate_series(0, ${pairs - 1}) n) s) t`,
  },
  {
    name: `${Math.floor(pairs / 100)} blocks between friends`,
    sql: `insert into blocks (blocker_id, blocked_id)
      select ${a}, ${b} from generate_series(0, ${pairs - 1}) n where n % 100 = 50`,
  },
  {
    name: '10 000 quest invitations of last week',
    sql: `insert into friend_quests (week, proposer_id, partner_id, target, xp)
      select '${weekOf(lastWeek)}'::date, ${a}, ${b}, 6, 50
      from generate_series(0, least(${pairs}, 10000) - 1) n`,
  },
  { name: 'analyze', sql: 'analyze users, friend_streaks, friend_quests, blocks' },
  {
    // A run of this occurrence by an earlier bench is kept a day under the same job id (which
    // is what makes it once): forgotten, so that this bench's processes owe it again.
    name: 'the queue forgets earlier runs',
    sql: `delete from pgboss.job where name = '${FRIEND_STREAK_CHECK}'`,
  },
  {
    // The last occurrence claimed is the day before: the latest one is owed, once.
    name: 'the schedule owes its latest occurrence',
    sql: `insert into job_schedules (name, last_occurrence)
      values ('${FRIEND_STREAK_CHECK}', '${occurrence.toISOString()}'::timestamptz - interval '1 day')
      on conflict (name) do update set last_occurrence = excluded.last_occurrence`,
  },
];

type Event = { pid: number; event: string; ms?: number; n?: number; scheduledFor?: string } & {
  result?: { day: string; judged: number; ended: number; dropped: number };
};

/** Starts one server process; its stdout lines are events. */
function startProcess(onEvent: (event: Event) => void): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/friend-job-runner.ts'], {
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    try {
      onEvent(JSON.parse(line) as Event);
    } catch {
      // a stray line, not an event
    }
  });
  return child;
}

const database = await openDatabase({ kind: 'postgres', url });
await database.migrate();
await database.close();
const client = new pg.Client({ connectionString: url });
await client.connect();
const generated: Record<string, string> = {};
const t0 = performance.now();
for (const step of steps) {
  const started = performance.now();
  await client.query(step.sql);
  generated[step.name] = seconds(performance.now() - started);
  console.log(`  ${step.name}: ${generated[step.name]}`);
}
console.log(
  `generated in ${seconds(performance.now() - t0)}; the occurrence ${occurrence.toISOString()} judges ${day}`,
);

// What the job should find, counted before it runs.
const { rows: before } = await client.query<{ to_judge: number; to_end: number; blocked: number }>(
  `select count(*) filter (where current > 0 and judged_through < $1::date)::int as to_judge,
     count(*) filter (where current > 0 and judged_through < $1::date
       and ($1::date - judged_through) > freezes)::int as to_end,
     (select count(*)::int from blocks) as blocked
   from friend_streaks where status = 'active'`,
  [day],
);

const events: Event[] = [];
const passesAfterRun = new Map<number, number>();
let runEndedAt = 0;
const children = Array.from({ length: processes }, () =>
  startProcess((event) => {
    events.push(event);
    if (event.event === 'run-end') runEndedAt = Date.now();
    if (event.event === 'passes' && runEndedAt) passesAfterRun.set(event.pid, Number(event.n));
  }),
);
const deadline = Date.now() + 5 * 60_000;
// Until the run ended and every process made its passes for 3 s more (each finding the
// occurrence claimed), or 5 minutes.
while (Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (runEndedAt && Date.now() - runEndedAt > 3000 && passesAfterRun.size === processes) break;
}
for (const child of children) child.kill('SIGTERM');
await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));

const runs = events.filter((event) => event.event === 'run-end');
const started = events.filter((event) => event.event === 'run-start');
const { rows: jobRows } = await client.query<{ state: string; n: number }>(
  `select state, count(*)::int as n from pgboss.job
   where name = $1 and data->>'scheduledFor' = $2 group by state`,
  [FRIEND_STREAK_CHECK, occurrence.toISOString()],
);
const { rows: after } = await client.query<{ left_to_judge: number; rows: number }>(
  `select count(*) filter (where status = 'active' and current > 0 and judged_through < $1::date)::int as left_to_judge,
     count(*)::int as rows from friend_streaks`,
  [day],
);
await client.end();

const run = runs[0];
const ms = run?.ms ?? Number.NaN;
const figures = {
  commit,
  pairs,
  processes,
  occurrence: occurrence.toISOString(),
  day,
  generation: generated,
  expected: before[0],
  runsStarted: started.length,
  runsFinished: runs.length,
  ranIn: run ? `process ${run.pid}` : 'none',
  jobMs: ms,
  result: run?.result,
  queueJobs: jobRows,
  leftToJudge: after[0]?.left_to_judge,
  rowsAfter: after[0]?.rows,
};
console.log(JSON.stringify(figures, null, 2));
const once = started.length === 1 && runs.length === 1;
const fast = ms < TARGET_MS;
const complete =
  run?.result?.judged === before[0]?.to_judge && run?.result?.ended === before[0]?.to_end;
console.log(
  `nightly friend-streak job over ${pairs} pairs: ${seconds(ms)} (target < ${seconds(TARGET_MS)}: ${fast ? 'met' : 'NOT met'}); ` +
    `ran ${runs.length} time(s) across ${processes} processes (target once: ${once ? 'met' : 'NOT met'}); ` +
    `judged ${run?.result?.judged} of ${before[0]?.to_judge} expected, ended ${run?.result?.ended} of ${before[0]?.to_end}, ` +
    `dropped ${run?.result?.dropped}: ${complete ? 'as expected' : 'NOT as expected'}`,
);
console.log(`results: ${writeResult('friend-streaks', { ...figures, once, fast, complete })}`);
process.exit(once && fast && complete ? 0 : 1);
