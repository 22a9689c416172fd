import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { jobRows, waitForIdleJobs } from '../../test/jobs';
import { type JobHandler, type JobQueue, type ScheduledJob, startJobWorker } from './jobs.worker';
import { PARIS } from './schedule-instant';

const log = Fastify({ logger: { level: 'silent' } }).log;
const waitLong = { timeout: 20_000, interval: 25 };

// Runs on PGlite (two workers on its one connection) and, in the server-pg project, on
// PostgreSQL (two workers with their own connections, as two processes would have).
describe('the job queue (pg-boss)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const start = (handlers: Record<string, JobHandler>, more: { schedules?: ScheduledJob[] } = {}) =>
    startJobWorker({
      database,
      handlers,
      log,
      pollSeconds: 0.5,
      cronSeconds: 1,
      retry: { limit: 2, delaySeconds: 0 },
      ...more,
    });

  it('runs each queued job once, even with two workers taking from the queue', async () => {
    const seen: number[] = [];
    // The handler reads the database itself: on PGlite's one connection this must not deadlock.
    const count: JobHandler = async (payload) => {
      await database.db.execute(sql`select 1`);
      seen.push(Number(payload.n));
    };
    const workers = await Promise.all([1, 2].map(() => start({ count })));
    for (let n = 0; n < 20; n++) {
      await (workers[n % 2] as JobQueue).enqueue(database.db, 'count', { n });
    }
    await vi.waitFor(() => expect(seen).toHaveLength(20), waitLong);
    await waitForIdleJobs(database);
    await Promise.all(workers.map((worker) => worker.stop()));
    expect([...seen].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    const rows = await jobRows(database, 'count');
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.state === 'completed' && row.retry_count === 0)).toBe(true);
  });

  it('never runs a job queued in a transaction that rolled back', async () => {
    const sent: string[] = [];
    const jobs = await start({ mail: async (payload) => void sent.push(String(payload.to)) });
    const failedRequest = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await jobs.enqueue(tx, 'mail', { to: 'annule@exemple.fr' });
      throw new Error('the request failed after queueing');
    });
    await expect(failedRequest).rejects.toThrow('the request failed after queueing');
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, 'mail', { to: 'valide@exemple.fr' });
    });
    await vi.waitFor(() => expect(sent).toContain('valide@exemple.fr'), waitLong);
    await waitForIdleJobs(database);
    await jobs.stop();
    expect(sent).toEqual(['valide@exemple.fr']);
    expect((await jobRows(database, 'mail')).map((row) => row.data)).toEqual([
      { to: 'valide@exemple.fr' },
    ]);
  });

  it('tries a failing job again, keeps only the error code, and marks it failed after the last try', async () => {
    let flakyCalls = 0;
    let neverCalls = 0;
    const jobs = await start({
      flaky: async () => {
        flakyCalls += 1;
        if (flakyCalls === 1) {
          throw Object.assign(new Error('secret@exemple.fr refused'), { code: 'EAUTH' });
        }
      },
      never: async () => {
        neverCalls += 1;
        throw new Error('always secret@exemple.fr');
      },
    });
    await jobs.enqueue(database.db, 'flaky', {});
    await jobs.enqueue(database.db, 'never', { to: 'x' });
    await vi.waitFor(async () => {
      expect(await jobRows(database, 'flaky')).toMatchObject([
        { state: 'completed', retry_count: 1 },
      ]);
      expect(await jobRows(database, 'never')).toMatchObject([
        { state: 'failed', retry_count: 2, output: { code: 'Error' } },
      ]);
    }, waitLong);
    await jobs.stop();
    expect([flakyCalls, neverCalls]).toEqual([2, 3]);
    // The messages (which may quote an address) are never stored.
    const stored = JSON.stringify([
      await jobRows(database, 'flaky'),
      await jobRows(database, 'never'),
    ]);
    expect(stored).not.toContain('secret@exemple.fr');
  });

  it('holds a job until its time, and queues one job per singleton key', async () => {
    const ran: number[] = [];
    const jobs = await start({
      later: async () => {},
      once: async (payload) => void ran.push(Number(payload.n)),
    });
    const runAt = new Date(Date.now() + 3_600_000);
    expect(await jobs.enqueue(database.db, 'later', {}, { runAt })).toBe(true);
    expect(await jobs.enqueue(database.db, 'once', { n: 1 }, { singletonKey: 'lecteur-1' })).toBe(
      true,
    );
    expect(await jobs.enqueue(database.db, 'once', { n: 2 }, { singletonKey: 'lecteur-1' })).toBe(
      false,
    );
    expect(await jobs.enqueue(database.db, 'once', { n: 3 }, { singletonKey: 'lecteur-2' })).toBe(
      true,
    );
    await vi.waitFor(() => expect(ran).toHaveLength(2), waitLong);
    await waitForIdleJobs(database);
    // Done, the key is still remembered: a late duplicate is not queued.
    expect(await jobs.enqueue(database.db, 'once', { n: 4 }, { singletonKey: 'lecteur-1' })).toBe(
      false,
    );
    await jobs.stop();
    expect(ran.sort()).toEqual([1, 3]);
    const [later] = await jobRows(database, 'later');
    expect(later?.state).toBe('created');
    expect(new Date(later?.start_after ?? 0).getTime()).toBe(runAt.getTime());
  });

  it('refuses a kind no handler takes, and queues nothing', async () => {
    const jobs = await start({ known: async () => {} });
    await expect(jobs.enqueue(database.db, 'inconnu', {})).rejects.toThrow(
      'No job handler for "inconnu"',
    );
    await jobs.stop();
    expect(await jobRows(database, 'inconnu')).toEqual([]);
  });

  it('runs a schedule at a chosen instant: the handler receives it (the tests’ clock)', async () => {
    const received: string[] = [];
    const nightly: ScheduledJob = {
      name: 'nightly',
      cron: '0 0 * * *',
      timeZone: PARIS,
      run: async ({ scheduledFor }) => void received.push(scheduledFor.toISOString()),
    };
    const jobs = await start({}, { schedules: [nightly] });
    // Paris midnight on the night summer time begins (UTC+1 until 02:00, then UTC+2).
    await jobs.runScheduled('nightly', new Date('2026-03-28T23:00:00Z'));
    await vi.waitFor(() => expect(received).toContain('2026-03-28T23:00:00.000Z'), waitLong);
    await expect(jobs.runScheduled('inconnu', new Date())).rejects.toThrow('No schedule');
    await jobs.stop();
  });

  it('runs a cron occurrence once with two workers, and gives the handler its instant', async () => {
    const runs: { worker: number; scheduledFor: Date }[] = [];
    const everyMinute = (worker: number): ScheduledJob => ({
      name: 'every-minute',
      cron: '* * * * *',
      timeZone: PARIS,
      run: async ({ scheduledFor }) => void runs.push({ worker, scheduledFor }),
    });
    const startedAt = Date.now();
    const workers = await Promise.all(
      [1, 2].map((worker) => start({}, { schedules: [everyMinute(worker)] })),
    );
    // This minute's occurrence is due at once.
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), waitLong);
    // Then three more passes of each worker, each finding the occurrence claimed already.
    const before = workers.map((worker) => worker.schedulePasses());
    await vi.waitFor(() => {
      for (const [i, worker] of workers.entries()) {
        expect(worker.schedulePasses()).toBeGreaterThanOrEqual((before[i] ?? 0) + 3);
      }
    }, waitLong);
    await waitForIdleJobs(database);
    await Promise.all(workers.map((worker) => worker.stop()));

    const instants = runs.map((run) => run.scheduledFor.getTime());
    expect(new Set(instants).size).toBe(instants.length); // each occurrence ran once
    // A new minute may begin between the queue's last idle moment and the workers' stop (a
    // busy machine): its occurrence is then created and left for the next start, not run.
    const rows = await jobRows(database, 'every-minute');
    expect(rows.filter((row) => row.state === 'completed')).toHaveLength(runs.length);
    expect(rows.filter((row) => row.state !== 'completed' && row.state !== 'created')).toEqual([]);
    for (const instant of instants) {
      expect(instant % 60_000).toBe(0); // a whole minute: the occurrence, not the run time
      expect(instant).toBeGreaterThan(startedAt - 60_000);
      expect(instant).toBeLessThanOrEqual(Date.now());
    }
  });

  /** A cron at a fixed minute of every hour (or day), `ahead` minutes from now in Paris. */
  const cronAhead = (ahead: number, every: 'hour' | 'day') => {
    const paris = new Date(new Date().toLocaleString('en-US', { timeZone: PARIS }));
    const at = new Date(paris.getTime() + ahead * 60_000);
    return every === 'hour'
      ? `${at.getMinutes()} * * * *`
      : `${at.getMinutes()} ${at.getHours()} * * *`;
  };

  it('owes a new schedule no occurrence from before it existed', async () => {
    const runs: Date[] = [];
    const jobs = await start(
      {},
      {
        schedules: [
          {
            name: 'daily-new',
            cron: cronAhead(12 * 60, 'day'), // its latest occurrence is about 12 hours old
            timeZone: PARIS,
            run: async ({ scheduledFor }) => void runs.push(scheduledFor),
          },
        ],
      },
    );
    await vi.waitFor(() => expect(jobs.schedulePasses()).toBeGreaterThanOrEqual(2), waitLong);
    await jobs.stop();
    expect(runs).toEqual([]);
    expect(await jobRows(database, 'daily-new')).toEqual([]);
  });

  it('sends the latest occurrence missed while no process ran, once, with its instant', async () => {
    const runs: Date[] = [];
    const cron = cronAhead(30, 'hour'); // its latest occurrence is 30 to 90 minutes old
    await database.db.execute(sql`insert into job_schedules (name, last_occurrence)
      values ('hourly-missed', now() - interval '1 day')`);
    const schedule: ScheduledJob = {
      name: 'hourly-missed',
      cron,
      timeZone: PARIS,
      run: async ({ scheduledFor }) => void runs.push(scheduledFor),
    };
    const workers = await Promise.all([1, 2].map(() => start({}, { schedules: [schedule] })));
    await vi.waitFor(() => expect(runs).toHaveLength(1), waitLong);
    await waitForIdleJobs(database);
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(runs).toHaveLength(1);
    const age = Date.now() - (runs[0] as Date).getTime();
    expect(age).toBeGreaterThan(29 * 60_000);
    expect(age).toBeLessThan(91 * 60_000);
    expect((runs[0] as Date).getUTCSeconds()).toBe(0);
  });
});
