import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';

// The notifications the community's events create (docs/architecture.md#community): a new follower,
// a Booky received, a followed reader who finished a book. Once per event, never to oneself, never
// from a blocked reader, in the event's transaction, and pushed on the live channel.

type NotificationRow = {
  type: string;
  actor_id: string | null;
  book_id: string | null;
  dedupe_key: string;
};

describe('the notifications of community events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const readers = async (n: number) => {
    const list: Reader[] = [];
    for (let i = 0; i < n; i++) list.push(await createReader(t.app));
    return list;
  };
  const notificationsOf = async (reader: Reader) =>
    (
      await t.database.db.execute<NotificationRow>(
        sql`select type, actor_id, book_id, dedupe_key from notifications
            where recipient_id = ${reader.id} order by created_at, id`,
      )
    ).rows;
  const pushedTo = async (reader: Reader) =>
    (
      await t.database.db.execute<{ kind: string; data: Record<string, unknown> }>(
        sql`select kind, data from live_events where reader_id = ${reader.id} and kind = 'notification'
            order by id`,
      )
    ).rows;
  const follow = (a: Reader, b: Reader) => callAs(t.app, a).put(`/api/follows/${b.id}`);
  const block = (a: Reader, b: Reader) => callAs(t.app, a).put(`/api/blocks/${b.id}`);
  /** `reader` validates every segment of a new two-segment book: the last one finishes it. */
  const finishBook = async (reader: Reader) => {
    const book = await createBook(t.database.db, { totalPages: 60 });
    await createQuestions(t.database.db, book);
    for (const segment of [1, 2]) {
      const res = await callAs(t.app, reader).post(
        `/api/books/${book.id}/segments/${segment}/answer`,
        {
          answer: `mot${segment}`,
        },
      );
      expect(res.statusCode).toBe(200);
    }
    const [activity] = (
      await t.database.db.execute<{ id: string }>(
        sql`select id from activities where actor_id = ${reader.id} and book_id = ${book.id}
            and kind = 'finished'`,
      )
    ).rows;
    if (!activity) throw new Error('no finished activity');
    return { book, activityId: activity.id };
  };

  describe('new follower', () => {
    it('tells the reader followed once, live, however many times they are followed', async () => {
      const [ana, ben] = (await readers(2)) as [Reader, Reader];
      expect((await follow(ana, ben)).statusCode).toBe(200);
      expect(await notificationsOf(ben)).toEqual([
        { type: 'new_follower', actor_id: ana.id, book_id: null, dedupe_key: `follow:${ana.id}` },
      ]);
      const pushed = await pushedTo(ben);
      expect(pushed).toHaveLength(1);
      expect(pushed[0]?.data).toMatchObject({
        type: 'new_follower',
        actor: { id: ana.id },
        readAt: null,
      });
      const listed = (await callAs(t.app, ben).get('/api/notifications')).json();
      expect(listed.items).toEqual([pushed[0]?.data]);
      expect(listed.unread).toEqual({ all: 1, streaks: 0, social: 1 });

      // Again, in parallel, and after an unfollow: still one.
      await follow(ana, ben);
      await Promise.all(Array.from({ length: 4 }, () => follow(ana, ben)));
      await callAs(t.app, ana).delete(`/api/follows/${ben.id}`);
      await follow(ana, ben);
      expect(await notificationsOf(ben)).toHaveLength(1);
      expect(await pushedTo(ben)).toHaveLength(1);
      // The follower is told nothing.
      expect(await notificationsOf(ana)).toEqual([]);
    });

    it('tells nothing on a follow refused (oneself, across a block)', async () => {
      const [ana, ben] = (await readers(2)) as [Reader, Reader];
      expect((await follow(ana, ana)).statusCode).toBe(400);
      await block(ben, ana);
      expect((await follow(ana, ben)).statusCode).toBe(403);
      expect(await notificationsOf(ana)).toEqual([]);
      expect(await notificationsOf(ben)).toEqual([]);
      expect(await pushedTo(ben)).toEqual([]);
    });
  });

  it('forgets, on a block, every notification either reader caused the other', async () => {
    const [ana, ben, carl] = (await readers(3)) as [Reader, Reader, Reader];
    await follow(ana, ben);
    await follow(ben, ana);
    await follow(carl, ben);
    expect(await notificationsOf(ben)).toHaveLength(2);
    expect(await notificationsOf(ana)).toHaveLength(1);

    expect((await block(ben, ana)).statusCode).toBe(200);
    expect(await notificationsOf(ana)).toEqual([]);
    expect(await notificationsOf(ben)).toEqual([
      expect.objectContaining({ type: 'new_follower', actor_id: carl.id }),
    ]);
    expect((await callAs(t.app, ben).get('/api/notifications')).json().unread.all).toBe(1);
  });

  describe('Booky received', () => {
    it('tells the activity’s reader once per giver, even taken back and given again', async () => {
      const [author, fan, other] = (await readers(3)) as [Reader, Reader, Reader];
      const { book, activityId } = await finishBook(author);
      const give = (r: Reader) => callAs(t.app, r).put(`/api/activities/${activityId}/booky`);

      expect((await give(fan)).statusCode).toBe(200);
      expect((await give(fan)).statusCode).toBe(200);
      expect(
        (await callAs(t.app, fan).delete(`/api/activities/${activityId}/booky`)).statusCode,
      ).toBe(200);
      expect((await give(fan)).statusCode).toBe(200);
      expect((await give(other)).statusCode).toBe(200);

      expect(await notificationsOf(author)).toEqual([
        {
          type: 'booky_received',
          actor_id: fan.id,
          book_id: book.id,
          dedupe_key: `booky:${activityId}:${fan.id}`,
        },
        {
          type: 'booky_received',
          actor_id: other.id,
          book_id: book.id,
          dedupe_key: `booky:${activityId}:${other.id}`,
        },
      ]);
      const pushed = await pushedTo(author);
      expect(pushed.map((e) => e.data)).toMatchObject([
        {
          type: 'booky_received',
          actor: { id: fan.id },
          book: { id: book.id, title: book.title, slug: book.slug },
          meta: { activityId },
        },
        { type: 'booky_received', actor: { id: other.id } },
      ]);
    });

    it('tells nothing on one’s own activity, nor from a blocked reader, and nothing changes', async () => {
      const [author, blocked, blocker] = (await readers(3)) as [Reader, Reader, Reader];
      const { activityId } = await finishBook(author);
      await block(author, blocked);
      await block(blocker, author);

      const own = await callAs(t.app, author).put(`/api/activities/${activityId}/booky`);
      expect(own.statusCode).toBe(403);
      for (const reader of [blocked, blocker]) {
        const res = await callAs(t.app, reader).put(`/api/activities/${activityId}/booky`);
        expect(res.statusCode).toBe(404);
      }
      expect(await notificationsOf(author)).toEqual([]);
      expect(await pushedTo(author)).toEqual([]);
      const likes = await t.database.db.execute(
        sql`select count(*)::int as n from activity_likes where activity_id = ${activityId}`,
      );
      expect(likes.rows).toEqual([{ n: 0 }]);
    });
  });

  describe('a followed reader finished a book', () => {
    it('tells each follower once, and nobody else', async () => {
      const [reader, f1, f2, stranger, blockedFollower] = (await readers(5)) as [
        Reader,
        Reader,
        Reader,
        Reader,
        Reader,
      ];
      await follow(f1, reader);
      await follow(f2, reader);
      await follow(blockedFollower, reader);
      await block(reader, blockedFollower); // the block ends the follow
      await follow(reader, stranger); // following someone does not make them a follower

      const { book, activityId } = await finishBook(reader);
      for (const follower of [f1, f2]) {
        expect(await notificationsOf(follower)).toEqual([
          {
            type: 'friend_finished',
            actor_id: reader.id,
            book_id: book.id,
            dedupe_key: `finished:${reader.id}:${book.id}`,
          },
        ]);
        const pushed = await pushedTo(follower);
        expect(pushed.map((e) => e.data)).toMatchObject([
          {
            type: 'friend_finished',
            actor: { id: reader.id },
            book: { id: book.id, title: book.title, slug: book.slug },
            meta: { activityId },
          },
        ]);
      }
      // The reader they follow hears only of the follow, not of the finish.
      expect((await notificationsOf(stranger)).map((n) => n.type)).toEqual(['new_follower']);
      expect(await notificationsOf(blockedFollower)).toEqual([]);
      expect(await notificationsOf(reader)).toEqual([
        expect.objectContaining({ type: 'new_follower', actor_id: f1.id }),
        expect.objectContaining({ type: 'new_follower', actor_id: f2.id }),
      ]); // the blocked follower's went with the block
    });

    it('writes nothing when the reader has no follower', async () => {
      const [loner] = (await readers(1)) as [Reader];
      await finishBook(loner);
      const all = await t.database.db.execute(
        sql`select count(*)::int as n from notifications where actor_id = ${loner.id}`,
      );
      expect(all.rows).toEqual([{ n: 0 }]);
    });
  });
});
