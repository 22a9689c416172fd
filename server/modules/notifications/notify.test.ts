import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createBook, createReader, type Reader } from '../../test/factories';
import { notify } from './notify';

describe('notify', () => {
  let t: TestApp;
  let ana: Reader;
  let ben: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    ana = await createReader(t.app);
    ben = await createReader(t.app);
  });
  afterAll(() => t.close());

  const rows = async (recipient: string) =>
    (
      await t.database.db.execute<{ type: string; dedupe_key: string }>(
        sql`select type, dedupe_key from notifications where recipient_id = ${recipient} order by created_at`,
      )
    ).rows;
  const live = async (reader: string) =>
    (
      await t.database.db.execute<{ kind: string; data: Record<string, unknown> }>(
        sql`select kind, data from live_events where reader_id = ${reader} order by id`,
      )
    ).rows;

  it('writes each notification once, never to its own actor, and pushes it as the list shows it', async () => {
    const book = await createBook(t.database.db, { title: 'Le Horla' });
    await t.database.db.execute(sql`update users set username = 'ben' where id = ${ben.id}`);
    const written = await t.database.db.transaction((tx) =>
      notify(tx, [
        {
          recipientId: ana.id,
          actorId: ben.id,
          type: 'friend_finished',
          bookId: book.id,
          dedupeKey: `finished:${ben.id}:${book.id}`,
        },
        { recipientId: ben.id, actorId: ben.id, type: 'new_follower', dedupeKey: 'self' },
      ]),
    );
    expect(written).toBe(1);
    const again = await t.database.db.transaction((tx) =>
      notify(tx, [
        {
          recipientId: ana.id,
          actorId: ben.id,
          type: 'friend_finished',
          bookId: book.id,
          dedupeKey: `finished:${ben.id}:${book.id}`,
        },
      ]),
    );
    expect(again).toBe(0);
    expect(await rows(ana.id)).toEqual([
      { type: 'friend_finished', dedupe_key: `finished:${ben.id}:${book.id}` },
    ]);
    expect(await rows(ben.id)).toEqual([]);

    const events = await live(ana.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      kind: 'notification',
      data: {
        id: expect.any(String),
        type: 'friend_finished',
        actor: { id: ben.id, username: 'ben', avatarUrl: null },
        book: { id: book.id, title: 'Le Horla', slug: book.slug },
        meta: {},
        readAt: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
    });
    expect(await live(ben.id)).toEqual([]);
  });

  it('writes nothing and pushes nothing when its transaction rolls back', async () => {
    const carl = await createReader(t.app);
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, [
          { recipientId: carl.id, type: 'streak_kept', meta: { msg: 'Bravo' }, dedupeKey: 'k' },
        ]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rows(carl.id)).toEqual([]);
    expect(await live(carl.id)).toEqual([]);
  });
});
