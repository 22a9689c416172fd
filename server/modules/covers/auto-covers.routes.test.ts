import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autoCoverMessages as m } from '../../../domain/messages/covers';
import { books } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';
import { createAuditRepository } from '../audit/audit.repository';
import { bookCovers, coverBatches } from './covers.table';

const ADMIN = 'chef-couvertures@lisons.app';

describe('auto-covers (/api/admin/auto-covers)', () => {
  let t: TestApp;
  let admin: Reader;
  let reader: Reader;

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    await t.app.ready();
    admin = await createAdmin(t, { email: ADMIN });
    reader = await createReader(t.app);
  });
  afterAll(async () => t.close());

  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(coverBatches);
    await db.delete(books);
  });

  const get = (url: string, who: Reader = admin) => callAs(t.app, who).get(url);
  const start = (payload: unknown, who: Reader = admin) =>
    callAs(t.app, who).post('/api/admin/auto-covers/batches', payload as object);

  /** Polls the batch (no fixed sleep) until it is done. */
  async function untilDone() {
    for (let i = 0; i < 300; i++) {
      const { batch } = (await get('/api/admin/auto-covers/batch')).json();
      if (batch?.status === 'done') return batch;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the batch never finished');
  }

  it('lists the books without a cover, filtered by group, 10 of them previewed', async () => {
    const db = t.database.db;
    for (let i = 0; i < 12; i++) await createBook(db, { title: `Roman ${i}` });
    await createBook(db, { title: 'La Genèse', tags: ['Bible', 'Ancien Testament'] });
    await createBook(db, { title: 'Évangile selon Marc', tags: ['Nouveau Testament'] });
    await createBook(db, { title: 'Traité Berakhot', tags: ['Talmud'] });

    const all = (await get('/api/admin/auto-covers')).json();
    expect(all.count).toBe(15);
    expect(all.preview).toHaveLength(10);
    expect(all.preview[0]).toMatchObject({ title: 'Roman 0', group: 'autres', coverUrl: null });

    const ot = (await get('/api/admin/auto-covers?group=ancien-testament')).json();
    expect(ot.preview.map((b: { title: string }) => b.title)).toEqual(['La Genèse']);
    expect(ot.preview[0].group).toBe('ancien-testament');
    const nt = (await get('/api/admin/auto-covers?group=nouveau-testament')).json();
    expect(nt.count).toBe(1);
    const talmud = (await get('/api/admin/auto-covers?group=talmud')).json();
    expect(talmud.preview[0].title).toBe('Traité Berakhot');
    expect((await get('/api/admin/auto-covers?group=autres')).json().count).toBe(12);
    expect((await get('/api/admin/auto-covers?limit=3')).json().count).toBe(3);
    // Empty means 500.
    expect((await get('/api/admin/auto-covers?limit=')).json().count).toBe(15);
  });

  it('refuses a limit outside 1–2000 and an unknown group, in French', async () => {
    for (const limit of ['0', '2001', 'abc', '1.5', '-3']) {
      const res = await get(`/api/admin/auto-covers?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error.message).toContain(m.invalidLimit);
    }
    expect((await get('/api/admin/auto-covers?limit=2000')).statusCode).toBe(200);
    expect((await get('/api/admin/auto-covers?limit=1')).statusCode).toBe(200);
    const group = await get('/api/admin/auto-covers?group=coran');
    expect(group.statusCode).toBe(400);
    expect(group.json().error.message).toContain(m.invalidGroup);
    const body = await start({ limit: 0 });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.message).toContain(m.invalidLimit);
    expect(await t.database.db.select().from(coverBatches)).toHaveLength(0);
  });

  it('refuses readers who are not administrators', async () => {
    expect((await get('/api/admin/auto-covers', reader)).statusCode).toBe(403);
    expect((await start({}, reader)).statusCode).toBe(403);
  });

  it("says 'Rien à faire' when no book needs a cover, and starts nothing", async () => {
    const res = await start({});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.nothingToDo);
    expect(await t.database.db.select().from(coverBatches)).toHaveLength(0);
  });

  it('draws every listed cover in the background, with progress, once', async () => {
    const db = t.database.db;
    const made = [];
    for (let i = 0; i < 11; i++) made.push(await createBook(db, { title: `Conte numéro ${i}` }));
    // One with a cover made elsewhere (an upload): never replaced.
    const uploaded = made[10];
    if (!uploaded) throw new Error('no book');
    await db.insert(bookCovers).values({
      bookId: uploaded.id,
      jpeg: Buffer.from('j'),
      webp: Buffer.from('w'),
      generator: null,
    });
    await db.update(books).set({ coverVersion: 'televerse1' }).where(eq(books.id, uploaded.id));

    const res = await start({ group: 'all', limit: '' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'running', total: 10, processed: 0 });

    const batch = await untilDone();
    expect(batch).toMatchObject({ total: 10, processed: 10, succeeded: 10, failed: 0 });
    expect(batch.failures).toEqual([]);

    const covers = await db.select().from(bookCovers);
    expect(covers).toHaveLength(11);
    const first = made[0];
    if (!first) throw new Error('no book');
    const [row] = await db.select().from(books).where(eq(books.id, first.id));
    const jpeg = await t.app.inject({
      method: 'GET',
      url: `/covers/${row?.slug}.jpg?v=${row?.coverVersion}`,
    });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload.length).toBeGreaterThan(1000);
    const [kept] = await db.select().from(books).where(eq(books.id, uploaded.id));
    expect(kept?.coverVersion).toBe('televerse1');

    // Nothing left to do; the progress reached the admin's tabs; the trail has both ends.
    expect((await get('/api/admin/auto-covers')).json().count).toBe(0);
    // The live module's rows, read by SQL (its table file is its own).
    const { rows: events } = await db.execute<{ data: unknown }>(
      sql`select data from live_events
          where kind = 'covers.progress' and reader_id = ${admin.id}::uuid order by id`,
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)?.data).toMatchObject({ status: 'done', processed: 10 });
    const trail = (await createAuditRepository({ db }).page({ admin: admin.id, page: 1 })).items;
    expect(trail.map((r) => r.action)).toEqual(
      expect.arrayContaining(['covers.batch.start', 'covers.batch.finish']),
    );
  });

  it('refuses a second batch while one runs', async () => {
    const db = t.database.db;
    const book = await createBook(db);
    await db.insert(coverBatches).values({ groupFilter: 'all', bookIds: [book.id], owner: 'x' });
    await db.update(coverBatches).set({ heartbeatAt: sql`now()` });
    const res = await start({});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.alreadyRunning);
    expect(await db.select().from(coverBatches)).toHaveLength(1);
  });
});
