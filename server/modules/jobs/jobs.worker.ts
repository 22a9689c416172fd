import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
} from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { JOB_QUEUE_SCHEMA } from '../../db/job-queue-schema';
import { assertCron, occurrenceAtOrBefore } from './schedule-instant';

export type JobPayload = Record<string, unknown>;

/** What a kind of job does with its payload; a throw means "try again later". */
export type JobHandler = (payload: JobPayload) => Promise<void>;

/** A cron schedule: its job runs once per occurrence, however many processes run. */
export type ScheduledJob = {
  /** The schedule's and its queue's name, kebab-case (`weekly-digest`). */
  name: string;
  /** Five fields (minute hour day month weekday), read in `timeZone`. */
  cron: string;
  /** `PARIS` (schedule-instant.ts) for anything about a reader's day. */
  timeZone: string;
  /** `scheduledFor` is the occurrence this run stands for: handlers compute from it, not from the clock. */
  run: (at: { scheduledFor: Date }) => Promise<void>;
};

/** A database or a transaction: a job queued through a transaction exists only if it commits. */
export type JobExecutor = Pick<Db, 'execute'>;

export type EnqueueOptions = {
  /** Not run before this instant. */
  runAt?: Date;
  /** One job per kind and key: a second one is not queued while the first is kept (a day after it ends). */
  singletonKey?: string;
};

export type JobQueue = {
  /** Queues a job of a kind this process handles; false when `singletonKey` found one already. */
  enqueue: (
    executor: JobExecutor,
    kind: string,
    payload: JobPayload,
    options?: EnqueueOptions,
  ) => Promise<boolean>;
  /** Runs a schedule's job now as if for `scheduledFor` (tests, or an admin catching up). */
  runScheduled: (name: string, scheduledFor: Date) => Promise<void>;
  /** The schedules' passes this process has made (each one over every schedule). */
  schedulePasses: () => number;
  /** Jobs not finished, per queue: waiting (created, retrying, deferred) or running (/metrics). */
  depth: () => Promise<{ queue: string; queued: number; active: number }[]>;
  /** Waits for the jobs under way (10 s at most), then stops. */
  stop: () => Promise<void>;
};

type Options = {
  database: Pick<Database, 'db' | 'kind'>;
  handlers: Record<string, JobHandler>;
  schedules?: ScheduledJob[];
  log: FastifyBaseLogger;
  /** Tries after the first and the seconds before the first retry (doubled each time). */
  retry?: { limit: number; delaySeconds: number };
  /** Tests shorten the waits: the backstop poll and the schedules' pass (seconds). */
  pollSeconds?: number;
  cronSeconds?: number;
};

// Quick at first, then doubling (with jitter) up to hourly; 8 tries in all, as before (013).
const RETRY = { limit: 7, delaySeconds: 10 };
const HOUR = 3600;
// Finished jobs (and their payload: an address for a reset) are deleted a day after.
const KEEP_DONE_SECONDS = 24 * HOUR;
// A job claimed by a process that died is tried again after this.
const EXPIRE_SECONDS = 15 * 60;
// A wake-up takes up to this many jobs, and takes again at once while they come full.
const BATCH = 5;
// An occurrence is still due this long after it: a schedule seen for the first time (a new one,
// or the first start) sends its latest occurrence only if it is this recent.
const DUE_MS = 60_000;

/** A failure's class or code, never its message: messages may quote the payload. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  return error instanceof Error ? error.name : 'Error';
}

/** A stable job id for a kind and key, so the insert of a second one does nothing. */
function keyedId(kind: string, key: string): string {
  const h = createHash('sha256').update(`${kind}\u0000${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** pg-boss on the same engine: PGlite's one connection, or a small pool of its own on PostgreSQL. */
function connectionOf(database: Options['database']): ConstructorOptions {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    return { db: fromPglite(client as Parameters<typeof fromPglite>[0]), backend: 'pglite' };
  }
  const { connectionString } = (client as { options: { connectionString?: string } }).options;
  // Three connections and one LISTEN, beside the app's pool.
  return { connectionString, max: 3, application_name: 'lisons-jobs' };
}

/**
 * Starts this process's share of the job queue (pg-boss, decision 017): workers for each kind of
 * job (woken by NOTIFY when one is queued anywhere, and polled as a backstop) and the schedules'
 * pass (decision 046), which queues each schedule's occurrence once across every process on the
 * database, the occurrence in the job. Each job is claimed by one process; a failure is retried
 * with backoff, then the job is marked failed.
 */
export async function startJobWorker(options: Options): Promise<JobQueue> {
  const { database, handlers, schedules = [], log } = options;
  const retry = options.retry ?? RETRY;
  const poll = options.pollSeconds ?? 30;
  for (const schedule of schedules) assertCron(schedule.cron, schedule.timeZone);

  const boss = new PgBoss({
    ...connectionOf(database),
    schema: JOB_QUEUE_SCHEMA,
    migrate: false, // installed by the migration step (server/db/job-queue-schema.ts)
    useListenNotify: true,
    registerInstance: false,
    // Schedules are ours (below): a job of pg-boss's cron does not carry its occurrence.
    schedule: false,
  });
  boss.on('error', (error) => log.error({ code: errorCode(error) }, 'job queue: error'));
  boss.on('warning', ({ message }) => log.warn(`job queue: ${message}`));
  await boss.start();

  const backoff = retry.delaySeconds > 0;
  const queueOptions = {
    notify: true,
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: backoff,
    ...(backoff && { retryDelayMax: HOUR }),
    expireInSeconds: EXPIRE_SECONDS,
    deleteAfterSeconds: KEEP_DONE_SECONDS,
  };
  const workOptions = {
    batchSize: BATCH,
    burstWhenBatchFull: true,
    perJobResults: true,
    includeMetadata: true,
    pollingIntervalSeconds: Math.min(poll, 2),
    notifyPollingIntervalSeconds: poll,
  } as const;

  // Each job of a batch is settled on its own; a failure keeps only its code.
  const work = async <T>(name: string, run: (job: JobWithMetadata<T>) => Promise<void>) => {
    await boss.createQueue(name, queueOptions);
    await boss.updateQueue(name, queueOptions); // options changed in code reach an existing queue
    await boss.work(name, workOptions, async (jobs: JobWithMetadata<T>[]): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await run(job);
          results.push({ id: job.id, status: 'completed' });
        } catch (error) {
          const code = errorCode(error);
          log.warn({ job: job.id, kind: name, attempt: job.retryCount + 1, code }, 'job failed');
          results.push({ id: job.id, status: 'failed', output: { code } });
        }
      }
      return results;
    });
  };

  try {
    for (const [kind, handler] of Object.entries(handlers)) {
      await work<JobPayload>(kind, (job) => handler(job.data ?? {}));
    }
    for (const schedule of schedules) {
      await work<{ scheduledFor: string }>(schedule.name, (job) =>
        schedule.run({ scheduledFor: new Date(job.data.scheduledFor) }),
      );
    }
    // pg-boss's own schedules, written by the versions before decision 046, would keep
    // queueing jobs without their occurrence.
    for (const old of await boss.getSchedules()) await boss.unschedule(old.name, old.key);
  } catch (error) {
    await boss.stop({ graceful: false });
    throw error;
  }

  /**
   * One schedule's turn of the pass: claims its latest occurrence by moving `job_schedules`
   * forward, and queues its job in the same transaction, carrying the occurrence. A process
   * that finds the occurrence claimed does nothing, so each occurrence is sent once across
   * processes; after an outage only the latest one missed is sent (pg-boss's « once »).
   */
  const sendDue = async (schedule: ScheduledJob) => {
    const now = new Date();
    const occurrence = occurrenceAtOrBefore(schedule.cron, schedule.timeZone, now);
    await database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ fresh: boolean }>(
        sql`insert into job_schedules (name, last_occurrence)
          values (${schedule.name}, ${occurrence.toISOString()}::timestamptz)
          on conflict (name) do update set last_occurrence = excluded.last_occurrence, updated_at = now()
            where job_schedules.last_occurrence < excluded.last_occurrence
          returning (xmax = 0) as fresh`,
      );
      const claimed = rows[0];
      if (!claimed) return;
      // A schedule seen for the first time owes no occurrence from before it existed.
      if (claimed.fresh && now.getTime() - occurrence.getTime() > DUE_MS) return;
      const scheduledFor = occurrence.toISOString();
      await boss.send(
        schedule.name,
        { scheduledFor },
        { db: fromDrizzle(tx, sql), id: keyedId(schedule.name, scheduledFor) },
      );
    });
  };
  let passes = 0;
  let passing: Promise<void> = Promise.resolve();
  const pass = () => {
    passing = (async () => {
      for (const schedule of schedules) {
        await sendDue(schedule).catch((error) =>
          log.error(
            { schedule: schedule.name, code: errorCode(error) },
            'job schedule: pass failed',
          ),
        );
      }
      passes += 1;
    })();
    return passing;
  };
  const passTimer =
    schedules.length > 0 ? setInterval(pass, (options.cronSeconds ?? 30) * 1000) : null;
  passTimer?.unref();
  if (passTimer) await pass();

  const kinds = new Set(Object.keys(handlers));
  const scheduleNames = new Set(schedules.map((s) => s.name));
  return {
    enqueue: async (executor, kind, payload, { runAt, singletonKey } = {}) => {
      // Only queues created above: an unknown one would make pg-boss read its queue list on its
      // own connection, which on PGlite waits for the caller's open transaction forever.
      if (!kinds.has(kind)) throw new Error(`No job handler for "${kind}"`);
      const id = await boss.send(kind, payload, {
        db: fromDrizzle(executor, sql),
        ...(runAt && { startAfter: runAt }),
        ...(singletonKey && { id: keyedId(kind, singletonKey), singletonKey }),
      });
      return id !== null;
    },
    runScheduled: async (name, scheduledFor) => {
      if (!scheduleNames.has(name)) throw new Error(`No schedule "${name}"`);
      await boss.send(name, { scheduledFor: scheduledFor.toISOString() });
    },
    // One count over pg-boss's job table (finished jobs are kept a day, so states are filtered).
    depth: async () => {
      const { rows } = await database.db.execute<{ queue: string; queued: number; active: number }>(
        sql`select name as queue,
              count(*) filter (where state in ('created', 'retry'))::int as queued,
              count(*) filter (where state = 'active')::int as active
            from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job
            where state in ('created', 'retry', 'active')
            group by name
            order by name`,
      );
      return rows;
    },
    schedulePasses: () => passes,
    stop: async () => {
      if (passTimer) clearInterval(passTimer);
      await passing;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
