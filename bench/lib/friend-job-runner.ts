import Fastify from 'fastify';
import { openDatabase } from '../../server/db/client';
import { friendSchedules, judgeFriendStreaks } from '../../server/modules/friends/friends.jobs';
import { startJobWorker } from '../../server/modules/jobs/jobs.worker';

// One "server process" of bench/friend-streaks.ts: the job queue with the nightly friend-streak
// schedule, as server/app.ts starts it, on the bench database. It says on stdout, one JSON
// line each, when it is ready, each schedules' pass it made, and each run of the schedule
// (its occurrence, time and figures); SIGTERM stops it.

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required');
const say = (event: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ pid: process.pid, ...event })}\n`);

const database = await openDatabase({ kind: 'postgres', url });
const schedules = friendSchedules({ db: database.db }).map((schedule) => ({
  ...schedule,
  // The schedule's own handler, timed.
  run: async ({ scheduledFor }: { scheduledFor: Date }) => {
    say({ event: 'run-start', scheduledFor: scheduledFor.toISOString() });
    const started = performance.now();
    const result = await judgeFriendStreaks(database.db, scheduledFor);
    say({ event: 'run-end', ms: Math.round(performance.now() - started), result });
  },
}));
const jobs = await startJobWorker({
  database,
  handlers: {},
  schedules,
  log: Fastify({ logger: { level: 'silent' } }).log,
  cronSeconds: 1,
  pollSeconds: 0.5,
});
say({ event: 'ready' });
const passes = setInterval(() => say({ event: 'passes', n: jobs.schedulePasses() }), 500);

process.on('SIGTERM', async () => {
  clearInterval(passes);
  await jobs.stop();
  await database.close();
  process.exit(0);
});
