import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { createBook } from '../../test/factories';
import { type AutoCoverBook, drawAutoCover } from './auto-cover';
import { createCoverBatchRunner } from './cover-batch.runner';
import { bookCovers, coverBatches } from './covers.table';

// Several processes on one PostgreSQL database, each with its own pool and runner, as behind
// a load balancer: a batch is drawn once, by whichever takes its lease, never by two.

const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;

describe('auto-covers batches across processes (PostgreSQL)', () => {
  let database: Database;
  const others: Database[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { connectionString } = (
      database.db as unknown as { $client: { options: { connectionString: string } } }
    ).$client.options;
    for (let i = 0; i < 3; i++) others.push(openPostgres(connectionString, 3));
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await database.close();
  });

  it('runs a batch once, whichever of four processes looks for it at the same time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await createBook(database.db)).id);
    const [batch] = await database.db
      .insert(coverBatches)
      .values({ groupFilter: 'all', bookIds: ids })
      .returning();
    if (!batch) throw new Error('no batch');

    const drawnBy = new Map<string, string[]>();
    const runners = [database, ...others].map((process, i) => {
      const owner = `process-${i}`;
      drawnBy.set(owner, []);
      return createCoverBatchRunner({
        db: process.db,
        log,
        owner,
        chunk: 4,
        draw: async (book: AutoCoverBook) => {
          drawnBy.get(owner)?.push(book.title);
          return drawAutoCover(book);
        },
      });
    });
    await Promise.all(runners.map((runner) => runner.kick()));

    const [row] = await database.db
      .select()
      .from(coverBatches)
      .where(eq(coverBatches.id, batch.id));
    expect(row).toMatchObject({ status: 'done', processed: 20, succeeded: 20, failed: 0 });
    // One process drew every cover, each once.
    const drawers = [...drawnBy.values()].filter((titles) => titles.length > 0);
    expect(drawers).toHaveLength(1);
    expect(new Set(drawers[0]).size).toBe(20);
    expect(drawers[0]).toHaveLength(20);
    expect(await database.db.select().from(bookCovers)).toHaveLength(20);
  });

  it('lets exactly one of two processes take over a stale batch', async () => {
    const ids = [(await createBook(database.db)).id, (await createBook(database.db)).id];
    const [batch] = await database.db
      .insert(coverBatches)
      .values({
        groupFilter: 'all',
        bookIds: ids,
        owner: 'dead-process',
        heartbeatAt: sql`now() - interval '5 minutes'`,
      })
      .returning();
    if (!batch) throw new Error('no batch');
    let draws = 0;
    const heirs = others.slice(0, 2).map((process, i) =>
      createCoverBatchRunner({
        db: process.db,
        log,
        owner: `heir-${i}`,
        draw: async (book: AutoCoverBook) => {
          draws += 1;
          return drawAutoCover(book);
        },
      }),
    );
    await Promise.all(heirs.map((heir) => heir.kick()));
    const [row] = await database.db
      .select()
      .from(coverBatches)
      .where(eq(coverBatches.id, batch.id));
    expect(row).toMatchObject({ status: 'done', processed: 2, succeeded: 2 });
    expect(row?.owner).toBeNull();
    expect(draws).toBe(2);
  });
});
