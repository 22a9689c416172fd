import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { type ClaimedJob, JOBS_CHANNEL, jobsRepository } from './jobs.repository';

/** What a kind of job does with its payload; a throw means "try again later". */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** Seconds before each new try: quick at first, then hourly; after the last, the job fails. */
export const RETRY_DELAYS_SECONDS = [10, 30, 60, 300, 900, 3600, 3600, 3600];
const CLAIM_SECONDS = 300;
const POLL_MS = 5_000;

type Options = {
  database: Pick<Database, 'db' | 'listen'>;
  handlers: Record<string, JobHandler>;
  log: FastifyBaseLogger;
  /** Tests shorten the waits. */
  retryDelaysSeconds?: number[];
  pollMs?: number;
};

/** A failure's class or code, never its message: messages may quote the payload. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  return error instanceof Error ? error.name : 'Error';
}

/**
 * Runs queued jobs in this process: woken by NOTIFY when one is queued anywhere, and every
 * few seconds for retries that come due. Each job is claimed by one process only, so with
 * many processes each still runs once. Resolves to a stop function that waits for the job
 * under way.
 */
export async function startJobWorker(options: Options): Promise<() => Promise<void>> {
  const { database, handlers, log } = options;
  const delays = options.retryDelaysSeconds ?? RETRY_DELAYS_SECONDS;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const runOne = async (job: ClaimedJob) => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw Object.assign(new Error('no handler'), { code: 'UNKNOWN_KIND' });
      await handler(job.payload);
      await jobsRepository.complete(database.db, job.id);
    } catch (error) {
      const code = errorCode(error);
      const retryInSeconds = delays[job.attempts - 1] ?? null;
      log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, code }, 'job failed');
      await jobsRepository.fail(database.db, { id: job.id, error: code, retryInSeconds });
    }
  };

  const drain = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const job = await jobsRepository.claim(database.db, CLAIM_SECONDS);
        if (!job) break;
        await runOne(job);
      }
    } while (again && !stopped);
    if (Math.random() < 0.01) await jobsRepository.purgeDone(database.db);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true; // a job queued during a drain is not missed
      return;
    }
    running = drain()
      .catch((error) => log.error({ code: errorCode(error) }, 'job worker: database error'))
      .finally(() => {
        running = null;
      });
  };

  const unlisten = await database.listen(JOBS_CHANNEL, wake);
  const timer = setInterval(wake, options.pollMs ?? POLL_MS);
  timer.unref();
  wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten();
    await running;
  };
}
