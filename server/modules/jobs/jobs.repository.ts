import { type Executor, preparedStatement } from '../../db/prepared-statement';

/** The channel a new job is announced on, so an idle worker starts at once. */
export const JOBS_CHANNEL = 'lisons_jobs';

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
};

// $1 kind, $2 payload: the insert and its announcement in one statement.
const enqueueStatement = preparedStatement<never>(
  'jobs_enqueue',
  `with j as (insert into jobs (kind, payload) values ($1::text, $2::jsonb) returning id)
   select pg_notify('${JOBS_CHANNEL}', '') from j`,
);

// $1 seconds a claim lasts: the oldest due job that no other process holds.
const claimStatement = preparedStatement<ClaimedJob>(
  'jobs_claim',
  `update jobs set attempts = attempts + 1,
     locked_until = now() + make_interval(secs => $1::int)
   where id = (
     select id from jobs
     where done_at is null and failed_at is null and run_at <= now()
       and (locked_until is null or locked_until < now())
     order by run_at limit 1
     for update skip locked)
   returning id, kind, payload, attempts`,
);

// Done: the payload (an address, say) is not kept once the work is done.
const completeStatement = preparedStatement<never>(
  'jobs_complete',
  `update jobs set done_at = now(), locked_until = null, payload = '{}'::jsonb where id = $1::uuid`,
);

// $1 id, $2 error, $3 seconds before the next try (null: give up).
const failStatement = preparedStatement<never>(
  'jobs_fail',
  `update jobs set locked_until = null, last_error = $2::text,
     run_at = case when $3::int is null then run_at else now() + make_interval(secs => $3::int) end,
     failed_at = case when $3::int is null then now() end
   where id = $1::uuid`,
);

// Finished jobs are kept a week, for a look at what ran.
const purgeStatement = preparedStatement<never>(
  'jobs_purge',
  `delete from jobs where done_at < now() - interval '7 days'`,
);

export const jobsRepository = {
  /** Queues a job; inside a transaction, it exists (and is announced) only if that commits. */
  async enqueue(executor: Executor, job: { kind: string; payload: Record<string, unknown> }) {
    await enqueueStatement(executor, [job.kind, JSON.stringify(job.payload)]);
  },

  /** Takes the oldest due job for `claimSeconds`, or null when none is due. */
  async claim(executor: Executor, claimSeconds: number): Promise<ClaimedJob | null> {
    const [job] = await claimStatement(executor, [claimSeconds]);
    return job ? { ...job, attempts: Number(job.attempts) } : null;
  },

  async complete(executor: Executor, id: string): Promise<void> {
    await completeStatement(executor, [id]);
  },

  /** Records a failure: tried again in `retryInSeconds`, or never when that is null. */
  async fail(
    executor: Executor,
    { id, error, retryInSeconds }: { id: string; error: string; retryInSeconds: number | null },
  ): Promise<void> {
    await failStatement(executor, [id, error, retryInSeconds]);
  },

  async purgeDone(executor: Executor): Promise<void> {
    await purgeStatement(executor, []);
  },
};
