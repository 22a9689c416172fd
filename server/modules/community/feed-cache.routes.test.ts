import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../../domain/community.schemas';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { activities } from './community.table';

// The first feed page comes from memory (feed-cache.ts) and is still exact: every change a
// reader could see is on their next read, in this process at once, in another process once
// the database's notification reaches it.

describe('discover feed: the cached first page', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 6, 1);
  beforeAll(async () => {
    t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const readers = async (n: number) => {
    const list: Reader[] = [];
    for (let i = 0; i < n; i++) list.push(await createReader(t.app));
    return list;
  };
  /** A finished-book activity of `actor`, written straight to the database (its trigger runs). */
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
    return row;
  };
  const feed = async (reader: Reader, app = t.app) => {
    const res = await callAs(app, reader).get('/api/discover/feed');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Activity[]; nextCursor: string | null };
  };
  const lineOf = async (reader: Reader, activityId: string, app = t.app) =>
    (await feed(reader, app)).items.find((i) => i.id === activityId);
  const follow = (a: Reader, b: Reader) => callAs(t.app, a).put(`/api/follows/${b.id}`);

  it('serves the first page again without asking the database', async () => {
    const [me, friend] = (await readers(2)) as [Reader, Reader];
    await follow(me, friend);
    await finished(friend);
    const first = await callAs(t.app, me).get('/api/discover/feed');
    const session = t.database.db._.session;
    const queries = vi.spyOn(session, 'prepareQuery');
    const transactions = vi.spyOn(session, 'transaction');
    try {
      // On PostgreSQL the NOTIFY of the follow and of the activity may still be on its way
      // when the first page is read, and rightly drops it when it lands: wait for a read
      // that memory answers (the next one after the notifications have landed).
      await vi.waitFor(async () => {
        queries.mockClear();
        transactions.mockClear();
        const again = await callAs(t.app, me).get('/api/discover/feed');
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
        expect(queries).not.toHaveBeenCalled();
        expect(transactions).not.toHaveBeenCalled();
      });
      // The spy does see a page that is not cached yet (the friend's own).
      await callAs(t.app, friend).get('/api/discover/feed');
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
      transactions.mockRestore();
    }
  });

  it("shows another reader's Booky on a line I see on my next read", async () => {
    const [me, friend, fan] = (await readers(3)) as [Reader, Reader, Reader];
    await follow(me, friend);
    const theirs = await finished(friend);
    expect(await lineOf(me, theirs.id)).toMatchObject({ likes: 0, likedByMe: false });
    expect((await callAs(t.app, fan).put(`/api/activities/${theirs.id}/booky`)).statusCode).toBe(
      200,
    );
    expect(await lineOf(me, theirs.id)).toMatchObject({ likes: 1, likedByMe: false });
    // And my own Booky, given and taken back.
    await callAs(t.app, me).put(`/api/activities/${theirs.id}/booky`);
    expect(await lineOf(me, theirs.id)).toMatchObject({ likes: 2, likedByMe: true });
    await callAs(t.app, me).delete(`/api/activities/${theirs.id}/booky`);
    expect(await lineOf(me, theirs.id)).toMatchObject({ likes: 1, likedByMe: false });
  });

  it('shows a new follow, and a block, on my next read', async () => {
    const [me, friend] = (await readers(2)) as [Reader, Reader];
    const theirs = await finished(friend);
    expect(await lineOf(me, theirs.id)).toMatchObject({ source: 'community' });
    await follow(me, friend);
    expect(await lineOf(me, theirs.id)).toMatchObject({ source: 'following' });
    // The block hides us from each other: their line leaves my feed, mine theirs.
    const mine = await finished(me);
    expect(await lineOf(friend, mine.id)).toBeDefined();
    expect((await callAs(t.app, friend).put(`/api/blocks/${me.id}`)).statusCode).toBe(200);
    expect(await lineOf(me, theirs.id)).toBeUndefined();
    expect(await lineOf(friend, mine.id)).toBeUndefined();
  });

  it('shows a book a followed reader just finished through the validation', async () => {
    const [me, friend] = (await readers(2)) as [Reader, Reader];
    await follow(me, friend);
    await finished(friend);
    const before = await feed(me);
    const book = await createBook(t.database.db, { totalPages: 60 });
    await createQuestions(t.database.db, book);
    for (const segment of [1, 2]) {
      const res = await callAs(t.app, friend).post(
        `/api/books/${book.id}/segments/${segment}/answer`,
        {
          answer: `mot${segment}`,
        },
      );
      expect(res.json().correct).toBe(true);
    }
    // The finished book and the badge it earned, at the validation's time: newest.
    const after = await feed(me);
    const news = after.items.slice(0, 2);
    expect(news.map((i) => i.kind).sort()).toEqual(['badge', 'finished']);
    expect(news.find((i) => i.kind === 'finished')).toMatchObject({
      actor: { id: friend.id },
      book: { id: book.id },
      source: 'following',
    });
    const following = (page: { items: Activity[] }) =>
      page.items.filter((i) => i.source === 'following').length;
    expect(following(after)).toBe(following(before) + 2);
  });

  it('shows the new name of a reader whose line I see', async () => {
    const [me, friend] = (await readers(2)) as [Reader, Reader];
    await follow(me, friend);
    const theirs = await finished(friend);
    expect((await lineOf(me, theirs.id))?.actor.username).toMatch(/^\S+ \d+$/);
    const renamed = await callAs(t.app, friend).patch('/api/profiles/me', {
      username: 'Nouveau_Nom',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await lineOf(me, theirs.id))?.actor.username).toBe('Nouveau_Nom');
  });

  it('reads the pages after the first from the database each time', async () => {
    const [me, busy] = (await readers(2)) as [Reader, Reader];
    await follow(me, busy);
    for (let i = 0; i < 22; i++) await finished(busy);
    const page1 = await feed(me);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const url = `/api/discover/feed?cursor=${page1.nextCursor}`;
    const page2 = (await callAs(t.app, me).get(url)).json() as { items: Activity[] };
    expect(page2.items).toHaveLength(2);
    const last = page2.items[1] as Activity;
    await callAs(t.app, me).put(`/api/activities/${last.id}/booky`);
    expect((await callAs(t.app, me).get(url)).json().items[1]).toMatchObject({ likes: 1 });
  });

  it("shows a Booky given through another server process once that process's notification arrives", async () => {
    // Two app instances on one database: each has its own cache, like two processes.
    const other = await buildTestApp({}, { database: t.database });
    try {
      const [me, friend, fan] = (await readers(3)) as [Reader, Reader, Reader];
      await follow(me, friend);
      const theirs = await finished(friend);
      expect(await lineOf(me, theirs.id, other.app)).toMatchObject({ likes: 0 });
      expect(await lineOf(me, theirs.id, other.app)).toMatchObject({ likes: 0 }); // cached
      const given = await callAs(t.app, fan).put(`/api/activities/${theirs.id}/booky`);
      expect(given.json()).toEqual({ likedByMe: true, likes: 1 });
      await vi.waitFor(async () =>
        expect(await lineOf(me, theirs.id, other.app)).toMatchObject({ likes: 1 }),
      );
    } finally {
      await other.app.close(); // the database is this file's
    }
  });

  it('shows my own changes on my next read even before any notification arrives', async () => {
    // An instance that hears no notification: only its own writes can clear its cache.
    const deaf = await buildTestApp(
      {},
      { database: { ...t.database, listen: async () => async () => {} } },
    );
    const on = (reader: Reader, method: 'PUT' | 'PATCH', url: string, payload?: object) =>
      callAs(deaf.app, reader).send(method, url, payload);
    try {
      const [me, friend, other] = (await readers(3)) as [Reader, Reader, Reader];
      const theirs = await finished(friend);
      expect(await lineOf(me, theirs.id, deaf.app)).toMatchObject({ source: 'community' });
      await on(me, 'PUT', `/api/follows/${friend.id}`);
      expect(await lineOf(me, theirs.id, deaf.app)).toMatchObject({ source: 'following' });
      await on(me, 'PUT', `/api/activities/${theirs.id}/booky`);
      expect(await lineOf(me, theirs.id, deaf.app)).toMatchObject({ likes: 1, likedByMe: true });

      // My own finished book, and my new name on it.
      const book = await createBook(t.database.db, { totalPages: 30 });
      await createQuestions(t.database.db, book);
      await callAs(deaf.app, me).post(`/api/books/${book.id}/segments/1/answer`, {
        answer: 'mot1',
      });
      const mine = (await feed(me, deaf.app)).items.find((i) => i.book?.id === book.id);
      expect(mine).toMatchObject({
        mine: true,
        actor: { username: expect.stringMatching(/^\S+ \d+$/) },
      });
      await on(me, 'PATCH', '/api/profiles/me', { username: 'Moi_Renomme' });
      expect((await lineOf(me, mine?.id ?? '', deaf.app))?.actor.username).toBe('Moi_Renomme');

      await on(other, 'PUT', `/api/follows/${me.id}`);
      expect(await lineOf(other, mine?.id ?? '', deaf.app)).toMatchObject({ source: 'following' });
      await on(me, 'PUT', `/api/blocks/${other.id}`);
      expect(await lineOf(other, mine?.id ?? '', deaf.app)).toBeUndefined();
    } finally {
      await deaf.app.close();
    }
  });
});
