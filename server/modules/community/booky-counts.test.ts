import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { activities } from './community.table';

// An activity's Booky count is the number of its Bookys, whatever removes them: a reader
// taking theirs back, an account deleted, many readers at once (a database trigger keeps it).
describe('Booky counts stay true', () => {
  let t: TestApp;
  let actor: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    actor = await createReader(t.app);
  });
  afterAll(() => t.close());

  const finished = async () => {
    const book = await createBook(t.database.db);
    const [row] = await t.database.db
      .insert(activities)
      .values({
        actorId: actor.id,
        kind: 'finished',
        sourceKey: `finished:${book.id}`,
        bookId: book.id,
      })
      .returning();
    if (!row) throw new Error('activity');
    return row.id;
  };
  /** The stored count beside the Bookys' rows. */
  const counts = async (activityId: string) => {
    const { rows } = await t.database.db.execute<{ stored: number; real: number }>(
      sql`select a.likes_count as stored,
            (select count(*)::int from activity_likes l where l.activity_id = a.id) as real
          from activities a where a.id = ${activityId}::uuid`,
    );
    return { stored: Number(rows[0]?.stored), real: Number(rows[0]?.real) };
  };

  it('drops the Bookys of a deleted account from the count', async () => {
    const id = await finished();
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    for (const r of [ana, ben]) {
      expect(
        (await callAs(t.app, r).put(`/api/activities/${id}/booky`)).json().likes,
      ).toBeGreaterThan(0);
    }
    expect(await counts(id)).toEqual({ stored: 2, real: 2 });
    const deleted = await callAs(t.app, ana).post('/api/account/delete', {
      password: ana.password,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await counts(id)).toEqual({ stored: 1, real: 1 });
    const [row] = await t.database.db.select().from(activities).where(eq(activities.id, id));
    expect(row?.likesCount).toBe(1);
  });

  it("deletes a liked activity's reader with their activity and its Bookys", async () => {
    const owner = await createReader(t.app);
    const liker = await createReader(t.app);
    const book = await createBook(t.database.db);
    const [row] = await t.database.db
      .insert(activities)
      .values({
        actorId: owner.id,
        kind: 'finished',
        sourceKey: `finished:${book.id}`,
        bookId: book.id,
      })
      .returning();
    expect((await callAs(t.app, liker).put(`/api/activities/${row?.id}/booky`)).statusCode).toBe(
      200,
    );
    const deleted = await callAs(t.app, owner).post('/api/account/delete', {
      password: owner.password,
    });
    expect(deleted.statusCode).toBe(200);
    const { rows } = await t.database.db.execute(
      sql`select 1 from activity_likes where liker_id = ${liker.id}`,
    );
    expect(rows).toEqual([]);
  });

  it('equals the Bookys after 30 concurrent gives and take-backs', async () => {
    const id = await finished();
    const likers: Reader[] = [];
    for (let i = 0; i < 10; i++) likers.push(await createReader(t.app));
    const url = `/api/activities/${id}/booky`;
    const answers = await Promise.all(
      likers.flatMap((r, i) => [
        callAs(t.app, r).put(url),
        callAs(t.app, r).send(i % 2 === 0 ? 'DELETE' : 'PUT', url),
        callAs(t.app, r).put(url),
      ]),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
    const { stored, real } = await counts(id);
    expect(stored).toBe(real);
    expect(real).toBeGreaterThan(0);
  });
});
