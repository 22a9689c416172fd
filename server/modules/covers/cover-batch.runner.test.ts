import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { books } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { createBook } from '../../test/factories';
import { type AutoCoverBook, drawAutoCover } from './auto-cover';
import { createCoverBatchRunner } from './cover-batch.runner';
import { bookCovers, coverBatches } from './covers.table';

const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;

/** A draw that waits until the test lets it go: a worker stuck (or dead) mid-chunk. */
function heldDraw() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = 0;
  let whenStarted: () => void = () => {};
  const firstStarted = new Promise<void>((resolve) => {
    whenStarted = resolve;
  });
  return {
    release,
    firstStarted,
    started: () => started,
    draw: async (book: AutoCoverBook) => {
      started += 1;
      whenStarted();
      await gate;
      return drawAutoCover(book);
    },
  };
}

describe('the auto-covers batch runner (lease, heartbeat, takeover)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await database.db.delete(coverBatches);
    await database.db.delete(books);
  });

  async function batchOf(count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await createBook(database.db)).id);
    const [row] = await database.db
      .insert(coverBatches)
      .values({ groupFilter: 'all', bookIds: ids })
      .returning();
    if (!row) throw new Error('no batch');
    return row;
  }
  const rowOf = async (id: string) =>
    (await database.db.select().from(coverBatches).where(eq(coverBatches.id, id)))[0];

  it('takes over a batch whose holder fell silent for 90 s; the silent one then writes nothing', async () => {
    const batch = await batchOf(6);
    const stuck = heldDraw();
    const a = createCoverBatchRunner({
      db: database.db,
      log,
      owner: 'worker-a',
      chunk: 4,
      draw: stuck.draw,
    });
    const b = createCoverBatchRunner({ db: database.db, log, owner: 'worker-b', chunk: 4 });

    const aWork = a.kick();
    await stuck.firstStarted;
    expect((await rowOf(batch.id))?.owner).toBe('worker-a');

    // While A's lease is fresh, B finds nothing to take.
    await b.kick();
    expect((await rowOf(batch.id))?.owner).toBe('worker-a');

    // 91 s without a heartbeat (the database's clock): B takes over and finishes.
    await database.db
      .update(coverBatches)
      .set({ heartbeatAt: sql`now() - interval '91 seconds'` })
      .where(eq(coverBatches.id, batch.id));
    await b.kick();
    const done = await rowOf(batch.id);
    expect(done).toMatchObject({ status: 'done', processed: 6, succeeded: 6, failed: 0 });

    // A wakes up: its chunk is refused (lease lost), nothing counted twice.
    stuck.release();
    await aWork;
    expect(await rowOf(batch.id)).toMatchObject({ processed: 6, succeeded: 6 });
    expect(await database.db.select().from(bookCovers)).toHaveLength(6);
  });

  it('does not take a batch whose holder is alive (heartbeat within 90 s)', async () => {
    const batch = await batchOf(1);
    await database.db
      .update(coverBatches)
      .set({ owner: 'elsewhere', heartbeatAt: sql`now() - interval '89 seconds'` })
      .where(eq(coverBatches.id, batch.id));
    const b = createCoverBatchRunner({ db: database.db, log, owner: 'worker-b' });
    await b.kick();
    expect(await rowOf(batch.id)).toMatchObject({ owner: 'elsewhere', processed: 0 });
  });

  it('renews its heartbeat while it works, and lets go of the lease when it stops', async () => {
    const batch = await batchOf(2);
    const stuck = heldDraw();
    const a = createCoverBatchRunner({
      db: database.db,
      log,
      owner: 'worker-a',
      heartbeatMs: 20,
      draw: stuck.draw,
    });
    const work = a.kick();
    await stuck.firstStarted;
    const first = (await rowOf(batch.id))?.heartbeatAt?.getTime() ?? 0;
    // Waits for a later heartbeat (polling, no fixed sleep).
    for (let i = 0; i < 200; i++) {
      const now = (await rowOf(batch.id))?.heartbeatAt?.getTime() ?? 0;
      if (now > first) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await rowOf(batch.id))?.heartbeatAt?.getTime()).toBeGreaterThan(first);
    const stopping = a.stop();
    stuck.release();
    await stopping;
    await work;
    // Stopped after its chunk (done here: 2 books in one chunk) or released the lease.
    const row = await rowOf(batch.id);
    expect(row?.owner).toBeNull();
  });

  it('counts a book that fails to draw as an error with its title, and goes on', async () => {
    const batch = await batchOf(3);
    const [second] = await database.db
      .select()
      .from(books)
      .where(eq(books.id, batch.bookIds[1] as string));
    const runner = createCoverBatchRunner({
      db: database.db,
      log,
      draw: async (book) => {
        if (book.title === second?.title) throw new Error('boom');
        return drawAutoCover(book);
      },
    });
    await runner.kick();
    const row = await rowOf(batch.id);
    expect(row).toMatchObject({ status: 'done', processed: 3, succeeded: 2, failed: 1 });
    expect(row?.failures).toEqual([
      { bookId: second?.id, title: second?.title, message: 'Le dessin de la couverture a échoué.' },
    ]);
  });
});
