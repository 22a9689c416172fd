import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database';
import { createBook } from '../test/factories';
import type { Database } from './client';
import type { Heard } from './notifications';

describe('database notifications', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const notify = () => database.db.execute(sql`select pg_notify('essai', 'x')`);

  it('hears a NOTIFY on its channel until it stops listening', async () => {
    const heard = vi.fn();
    const unlisten = await database.listen('essai', heard);
    await notify();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(heard).toHaveBeenCalledWith({ payload: 'x' });
    await unlisten();
    await notify();
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('hands each payload to its handler; identical ones of a transaction come once', async () => {
    const heard: Heard[] = [];
    const unlisten = await database.listen('essai', (h) => heard.push(h));
    await database.db.transaction(async (tx) => {
      for (const payload of ['a:1', 'l:2', 'a:1', 'a:1']) {
        await tx.execute(sql`select pg_notify('essai', ${payload})`);
      }
    });
    await database.db.execute(sql`select pg_notify('essai', '')`);
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(heard).toEqual([{ payload: 'a:1' }, { payload: 'l:2' }, { payload: '' }]);
    await unlisten();
  });

  // One embedded process never loses its link to its own database: PostgreSQL only.
  const onPostgres = inject('testDatabase').engine === 'postgres';
  if (onPostgres) {
    it('reports a lost connection and listens again once it is back', async () => {
      const heard = vi.fn();
      const unlisten = await database.listen('essai', heard);
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`);
      // Notifications sent meanwhile may be lost: the listener says so at once, and again
      // once it listens anew (whatever was sent in between is gone).
      await vi.waitFor(() => expect(heard).toHaveBeenCalledWith({ missed: true }));
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 10_000 });
      expect(heard.mock.calls).toEqual([[{ missed: true }], [{ missed: true }]]);
      await notify();
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(3));
      expect(heard).toHaveBeenLastCalledWith({ payload: 'x' });
      await unlisten();
    });
  }

  // Migration 0016: what each write says on lisons_feed (the feed cache's words).
  it("says on the feed's channel which readers and activities a write touched", async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('lisons_feed', (h) => {
      heard.push('payload' in h ? h.payload : 'missed');
    });
    const said = async (write: () => Promise<unknown>) => {
      heard.length = 0;
      await write();
      // A marker sent after the write: once it is heard, so is everything before it.
      await database.db.execute(sql`select pg_notify('lisons_feed', 'fin')`);
      await vi.waitFor(() => expect(heard.at(-1)).toBe('fin'));
      return heard.slice(0, -1).sort();
    };
    const run = (query: ReturnType<typeof sql>) => () => database.db.execute(query);
    const [a, b] = [randomUUID(), randomUUID()];
    const book = await createBook(database.db);
    await database.db.execute(sql`insert into users (id, email)
      values (${a}, ${`${a}@exemple.fr`}), (${b}, ${`${b}@exemple.fr`})`);
    const activity = randomUUID();

    expect(
      await said(
        run(sql`insert into activities (id, actor_id, kind, source_key, book_id)
          values (${activity}, ${a}, 'finished', 'finished:x', ${book.id})`),
      ),
    ).toEqual([`a:${a}`]);
    // A Booky: its row and the count, in one transaction, one notification.
    expect(
      await said(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into activity_likes (activity_id, liker_id) values (${activity}, ${b})`,
          );
          await tx.execute(
            sql`update activities set likes_count = likes_count + 1 where id = ${activity}`,
          );
        }),
      ),
    ).toEqual([`l:${activity}`]);
    expect(
      await said(run(sql`delete from activity_likes where activity_id = ${activity}`)),
    ).toEqual([`l:${activity}`]);
    expect(
      await said(run(sql`insert into follows (follower_id, following_id) values (${b}, ${a})`)),
    ).toEqual([`r:${b}`]);
    expect(
      await said(run(sql`insert into blocks (blocker_id, blocked_id) values (${a}, ${b})`)),
    ).toEqual([`r:${a}`, `r:${b}`].sort());
    expect(await said(run(sql`update users set username = 'Nom' where id = ${a}`))).toEqual([
      `u:${a}`,
    ]);
    // What the feed does not show of a reader says nothing.
    expect(await said(run(sql`update users set time_zone = 'UTC' where id = ${a}`))).toEqual([]);
    // A deleted reader: their activity and their relations go by cascade.
    expect(await said(run(sql`delete from users where id = ${a}`))).toEqual(
      [`a:${a}`, `r:${a}`, `r:${b}`].sort(),
    );
    expect(await said(run(sql`truncate follows`))).toEqual(['follows']);
    await unlisten();
  });
});
