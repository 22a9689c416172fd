import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Database } from '../db/client';
import { JOB_QUEUE_SCHEMA } from '../db/job-queue-schema';
import type { JobQueue } from '../modules/jobs/jobs.worker';

const jobTable = sql.raw(`${JOB_QUEUE_SCHEMA}.job`);

export type JobRow = {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  data: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  start_after: Date;
};

/** The jobs of one kind (or schedule) as pg-boss keeps them, oldest first. */
export async function jobRows(database: Pick<Database, 'db'>, name: string): Promise<JobRow[]> {
  const { rows } = await database.db.execute<JobRow>(
    sql`select state, retry_count, data, output, start_after from ${jobTable}
        where name = ${name} order by created_on`,
  );
  return rows.map((row) => ({ ...row, retry_count: Number(row.retry_count) }));
}

/** Waits until no job is due and unfinished (waiting, being retried or running): the queue is idle. */
export async function waitForIdleJobs(database: Pick<Database, 'db'>): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${jobTable}
            where state < 'completed' and start_after <= now()`,
      );
      expect(Number(rows[0]?.n)).toBe(0);
    },
    { timeout: 20_000, interval: 25 },
  );
}

/**
 * Runs a schedule's occurrence `at` through the app's real queue (runScheduled) and waits
 * until that job has completed; a job that failed (or waits for a retry) fails the test with
 * its error code at once, rather than at the wait's timeout.
 */
export async function runSchedule(
  t: { database: Pick<Database, 'db'>; jobs: Pick<JobQueue, 'runScheduled'> },
  name: string,
  at: Date,
): Promise<void> {
  const mine = sql`name = ${name} and data->>'scheduledFor' = ${at.toISOString()}`;
  const count = async () => {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${jobTable} where ${mine}`,
    );
    return Number(rows[0]?.n);
  };
  const before = await count();
  await t.jobs.runScheduled(name, at);
  const job = await vi.waitFor(
    async () => {
      const { rows } = await t.database.db.execute<JobRow>(
        sql`select state, retry_count, data, output, start_after from ${jobTable}
            where ${mine} order by created_on desc limit 1`,
      );
      expect(await count()).toBe(before + 1);
      const row = rows[0];
      expect(['completed', 'retry', 'failed']).toContain(row?.state);
      return row as JobRow;
    },
    { timeout: 20_000, interval: 25 },
  );
  expect(job.state, `${name} at ${at.toISOString()}: ${JSON.stringify(job.output)}`).toBe(
    'completed',
  );
}
