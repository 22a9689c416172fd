import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { jobsRepository } from './jobs.repository';
import { startJobWorker } from './jobs.worker';

const log = Fastify({ logger: { level: 'silent' } }).log;

describe('the job queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const jobRows = async (kind: string) =>
    (
      await database.db.execute<{
        attempts: number;
        done: boolean;
        failed: boolean;
        last_error: string | null;
        payload: Record<string, unknown>;
      }>(sql`select attempts, done_at is not null as done, failed_at is not null as failed,
               last_error, payload from jobs where kind = ${kind}`)
    ).rows;

  it('runs each queued job once, even with two workers taking from the queue', async () => {
    const seen: string[] = [];
    const handler = async (payload: Record<string, unknown>) => {
      seen.push(String(payload.n));
    };
    const stops = await Promise.all(
      [1, 2].map(() => startJobWorker({ database, handlers: { count: handler }, log, pollMs: 50 })),
    );
    for (let n = 0; n < 20; n++) {
      await jobsRepository.enqueue(database.db, { kind: 'count', payload: { n } });
    }
    await vi.waitFor(() => expect(seen).toHaveLength(20), { timeout: 20_000, interval: 50 });
    await Promise.all(stops.map((stop) => stop()));
    expect(new Set(seen).size).toBe(20);
    const rows = await jobRows('count');
    expect(rows.every((r) => r.done && Number(r.attempts) === 1)).toBe(true);
    // Once done, the payload is not kept.
    expect(rows.every((r) => Object.keys(r.payload).length === 0)).toBe(true);
  });

  it('tries a failing job again, keeps only the error code, and gives up after the last try', async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1)
        throw Object.assign(new Error('secret@exemple.fr refused'), { code: 'EAUTH' });
    };
    const never = async () => {
      throw new Error('always');
    };
    const stop = await startJobWorker({
      database,
      handlers: { flaky, never },
      log,
      retryDelaysSeconds: [0, 0],
      pollMs: 50,
    });
    await jobsRepository.enqueue(database.db, { kind: 'flaky', payload: {} });
    await jobsRepository.enqueue(database.db, { kind: 'never', payload: { to: 'x' } });
    await vi.waitFor(
      async () => {
        expect(await jobRows('flaky')).toMatchObject([
          { done: true, attempts: 2, last_error: 'EAUTH' },
        ]);
        expect(await jobRows('never')).toMatchObject([
          { failed: true, attempts: 3, last_error: 'Error' },
        ]);
      },
      { timeout: 20_000, interval: 100 },
    );
    await stop();
  });
});
