import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_LIMIT } from '../../../domain/community';
import type { Activity } from '../../../domain/community.schemas';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { activities, activityLikes } from './community.table';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('discover: feed, Bookys, suggestions and stats', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 5, 1);
  beforeAll(async () => {
    t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const readers = async (n: number) => {
    const list: Reader[] = [];
    for (let i = 0; i < n; i++) list.push(await createReader(t.app));
    return list;
  };
  /** A finished-book activity of `actor`, each later than the one before. */
  const finished = async (actor: Reader) => {
    const book = await createBook(t.database.db);
    clock += 60_000;
    const [row] = await t.database.db
      .insert(activities)
      .values({
        actorId: actor.id,
        kind: 'finished',
        sourceKey: `finished:${book.id}`,
        bookId: book.id,
        createdAt: new Date(clock),
      })
      .returning();
    if (!row) throw new Error('activity');
    return { ...row, book };
  };
  const badgeActivity = async (actor: Reader) => {
    clock += 60_000;
    const [row] = await t.database.db
      .insert(activities)
      .values({
        actorId: actor.id,
        kind: 'badge',
        sourceKey: 'badge:premier-livre:',
        badgeSlug: 'premier-livre',
        createdAt: new Date(clock),
      })
      .returning();
    if (!row) throw new Error('activity');
    return row;
  };
  const feed = async (reader: Reader, cursor?: string) => {
    const res = await callAs(t.app, reader).get(
      `/api/discover/feed${cursor ? `?cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Activity[]; nextCursor: string | null };
  };
  const follow = (a: Reader, b: Reader) => callAs(t.app, a).put(`/api/follows/${b.id}`);
  const block = (a: Reader, b: Reader) => callAs(t.app, a).put(`/api/blocks/${b.id}`);
  const booky = (reader: Reader, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    callAs(t.app, reader).send(method, `/api/activities/${id}/booky`);
  const likeRows = (activityId: string) =>
    t.database.db.select().from(activityLikes).where(eq(activityLikes.activityId, activityId));

  it('asks a visitor to sign in', async () => {
    for (const [method, url] of [
      ['GET', '/api/discover/feed'],
      ['GET', '/api/discover/readers'],
      ['GET', '/api/discover/stats'],
      ['PUT', `/api/activities/${UNKNOWN}/booky`],
      ['DELETE', `/api/activities/${UNKNOWN}/booky`],
    ] as const) {
      const res = await callAs(t.app, null).send(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    }
  });

  it('shows my activities and those of the readers I follow, newest first, then the community', async () => {
    const [me, friend, stranger] = (await readers(3)) as [Reader, Reader, Reader];
    await follow(me, friend);
    const a1 = await finished(friend);
    const a2 = await finished(me);
    const a3 = await badgeActivity(friend);
    const s1 = await finished(stranger);
    await t.database.db.insert(activityLikes).values({ activityId: a1.id, likerId: me.id });
    await t.database.db.update(activities).set({ likesCount: 1 }).where(eq(activities.id, a1.id));

    const page = await feed(me);
    const ids = page.items.map((i) => i.id);
    expect(ids.slice(0, 3)).toEqual([a3.id, a2.id, a1.id]);
    expect(page.items.slice(0, 3).map((i) => i.source)).toEqual([
      'following',
      'following',
      'following',
    ]);
    expect(page.items[2]).toEqual({
      id: a1.id,
      kind: 'finished',
      actor: { id: friend.id, username: expect.stringMatching(/^\S+ \d+$/), avatarUrl: null },
      at: a1.createdAt.toISOString(),
      book: { id: a1.book.id, slug: a1.book.slug, title: a1.book.title, author: a1.book.author },
      badge: null,
      likes: 1,
      likedByMe: true,
      mine: false,
      source: 'following',
    });
    expect(page.items[0]).toMatchObject({
      kind: 'badge',
      book: null,
      badge: { slug: 'premier-livre', name: 'Premier livre', icon: 'book-open', color: '#2f6f4f' },
    });
    expect(page.items[1]).toMatchObject({ mine: true, likedByMe: false });
    // Short of a page: topped up with the community, the stranger's activity among it.
    const community = page.items.slice(3);
    expect(community.every((i) => i.source === 'community')).toBe(true);
    expect(community.map((i) => i.id)).toContain(s1.id);
    expect(community.some((i) => [me.id, friend.id].includes(i.actor.id))).toBe(false);
    expect(page.nextCursor).toBeNull();
  });

  it('never shows a new reader an empty feed', async () => {
    const [someone] = (await readers(1)) as [Reader];
    const theirs = await finished(someone);
    const [newcomer] = (await readers(1)) as [Reader];
    const page = await feed(newcomer);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items[0]).toMatchObject({ id: theirs.id, source: 'community', mine: false });
    expect(page.items.every((i) => i.source === 'community')).toBe(true);
    expect(page.items.length).toBeLessThanOrEqual(FEED_LIMIT);
  });

  it('pages through a long feed with the cursor, without a top-up after the first page', async () => {
    const [me, busy] = (await readers(2)) as [Reader, Reader];
    await follow(me, busy);
    const made = [];
    for (let i = 0; i < FEED_LIMIT + 5; i++) made.push(await finished(busy));
    const newest = made.reverse().map((a) => a.id);
    const page1 = await feed(me);
    expect(page1.items.map((i) => i.id)).toEqual(newest.slice(0, FEED_LIMIT));
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await feed(me, page1.nextCursor as string);
    expect(page2.items.map((i) => i.id)).toEqual(newest.slice(FEED_LIMIT));
    expect(page2.items.every((i) => i.source === 'following')).toBe(true);
    expect(page2.nextCursor).toBeNull();
  });

  it('refuses a forged feed cursor with a French 400', async () => {
    const [me] = (await readers(1)) as [Reader];
    const res = await callAs(t.app, me).get('/api/discover/feed?cursor=pas-une-page');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Page de résultats invalide.');
  });

  it('gives one Booky per reader, even asked 20 times at once', async () => {
    const [author, fan] = (await readers(2)) as [Reader, Reader];
    const activity = await finished(author);
    const results = await Promise.all(Array.from({ length: 20 }, () => booky(fan, activity.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await likeRows(activity.id)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.id, activity.id));
    expect(row?.likesCount).toBe(1);
    expect(results.at(-1)?.json()).toEqual({ likedByMe: true, likes: 1 });

    const back = await booky(fan, activity.id, 'DELETE');
    expect(back.json()).toEqual({ likedByMe: false, likes: 0 });
    const again = await booky(fan, activity.id, 'DELETE');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ likedByMe: false, likes: 0 });
    expect(await likeRows(activity.id)).toEqual([]);
  });

  it('refuses a Booky on my own activity, on a badge, and on an unknown activity', async () => {
    const [author, fan] = (await readers(2)) as [Reader, Reader];
    const mine = await finished(author);
    const own = await booky(author, mine.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Tu ne peux pas donner de Booky à ta propre activité.',
    });
    const badge = await badgeActivity(author);
    const onBadge = await booky(fan, badge.id);
    expect(onBadge.statusCode).toBe(400);
    expect(onBadge.json().error.message).toBe(
      'Les Bookys se donnent aux livres terminés, pas aux badges.',
    );
    const unknown = await booky(fan, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Cette activité n'existe plus.");
    const malformed = await booky(fan, 'pas-un-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe("Cette activité n'existe plus.");
    expect(await likeRows(mine.id)).toEqual([]);
    expect(await likeRows(badge.id)).toEqual([]);
  });

  it('hides blocked readers either way: feed, top-up, Bookys, suggestions', async () => {
    const [me, blockedOne, blocker] = (await readers(3)) as [Reader, Reader, Reader];
    const theirs = await finished(blockedOne);
    const blockersOwn = await finished(blocker);
    await follow(me, blockedOne);
    await block(me, blockedOne);
    await block(blocker, me);
    const page = await feed(me);
    const actors = page.items.map((i) => i.actor.id);
    expect(actors).not.toContain(blockedOne.id);
    expect(actors).not.toContain(blocker.id);
    // And they do not see me either.
    await finished(me);
    for (const other of [blockedOne, blocker]) {
      expect((await feed(other)).items.map((i) => i.actor.id)).not.toContain(me.id);
    }
    for (const activity of [theirs, blockersOwn]) {
      const res = await booky(me, activity.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("Cette activité n'existe plus.");
      expect(await likeRows(activity.id)).toEqual([]);
    }
    const suggested = (await callAs(t.app, me).get('/api/discover/readers')).json().items;
    const suggestedIds = suggested.map((s: { id: string }) => s.id);
    expect(suggestedIds).not.toContain(blockedOne.id);
    expect(suggestedIds).not.toContain(blocker.id);
  });

  it('suggests readers of my books first, with their books in progress, badges and streak', async () => {
    const [me, twin, followed, active] = (await readers(4)) as [Reader, Reader, Reader, Reader];
    const book = await createBook(t.database.db, { totalPages: 90 });
    await createQuestions(t.database.db, book);
    for (const reader of [me, twin, followed]) {
      await callAs(t.app, reader).post('/api/reading-list', { bookId: book.id });
    }
    // The twin validates a segment today: one book in progress, a streak of one day.
    const answered = await callAs(t.app, twin).post(`/api/books/${book.id}/segments/1/answer`, {
      answer: 'mot1',
    });
    expect(answered.statusCode).toBe(200);
    // Raw SQL: user_badges belongs to rewards.
    await t.database.db.execute(
      sql`insert into user_badges (user_id, badge_slug) values (${twin.id}, 'lecteur-assidu')`,
    );
    await follow(me, followed);
    await finished(active);

    const res = await callAs(t.app, me).get('/api/discover/readers');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string }[];
    expect(items[0]).toEqual({
      id: twin.id,
      username: expect.stringMatching(/^\S+ \d+$/),
      avatarUrl: null,
      inProgress: 1,
      badges: 1,
      streak: 1,
      sharedBooks: 1,
    });
    const ids = items.map((i) => i.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(followed.id);
    expect(ids.length).toBeLessThanOrEqual(8);
  });

  it('counts the community, my followers and whom I follow', async () => {
    const [me, a, b] = (await readers(3)) as [Reader, Reader, Reader];
    await follow(a, me);
    await follow(b, me);
    await follow(me, a);
    const res = await callAs(t.app, me).get('/api/discover/stats');
    expect(res.statusCode).toBe(200);
    const total = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users`,
    );
    const stats = res.json();
    expect(stats).toEqual({ readers: expect.any(Number), followers: 2, following: 1 });
    // The reader count may be up to a minute old, never more than there are readers.
    expect(stats.readers).toBeGreaterThan(0);
    expect(stats.readers).toBeLessThanOrEqual(Number(total.rows[0]?.n));
  });

  it('writes one finished activity (and its badge) when the last segment is validated', async () => {
    const [me, friend] = (await readers(2)) as [Reader, Reader];
    const book = await createBook(t.database.db, { totalPages: 60 });
    await createQuestions(t.database.db, book);
    const mine = () =>
      t.database.db
        .select()
        .from(activities)
        .where(and(eq(activities.actorId, me.id)));
    const first = await callAs(t.app, me).post(`/api/books/${book.id}/segments/1/answer`, {
      answer: 'mot1',
    });
    expect(first.statusCode).toBe(200);
    expect(await mine()).toEqual([]); // an ordinary answer writes no activity

    const last = await callAs(t.app, me).post(`/api/books/${book.id}/segments/2/answer`, {
      answer: 'mot2',
    });
    expect(last.statusCode).toBe(200);
    expect(last.json().completed).toBe(true);
    const rows = await mine();
    const done = rows.filter((r) => r.kind === 'finished');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ bookId: book.id, sourceKey: `finished:${book.id}` });
    expect(rows.filter((r) => r.kind === 'badge').map((r) => r.sourceKey)).toEqual([
      'badge:premier-livre:',
    ]);
    // Its time is the validation's.
    const validation = await t.database.db.execute<{ at: Date | string }>(
      sql`select validated_at as at from reading_validations
          where user_id = ${me.id} and segment = 2`,
    );
    expect(new Date(done[0]?.createdAt as Date).toISOString()).toBe(
      new Date(validation.rows[0]?.at as Date).toISOString(),
    );
    // A follower sees it, and may give it a Booky.
    await follow(friend, me);
    const seen = (await feed(friend)).items.find((i) => i.id === done[0]?.id);
    expect(seen).toMatchObject({ source: 'following', book: { id: book.id } });
    expect((await booky(friend, done[0]?.id as string)).json()).toEqual({
      likedByMe: true,
      likes: 1,
    });
  });
});
