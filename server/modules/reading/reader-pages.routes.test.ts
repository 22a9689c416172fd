import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReadingListItem } from '../../../domain/books.schemas';
import type { NotificationList } from '../../../domain/notifications.schemas';
import type { Achievements } from '../../../domain/rewards.schemas';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';

// What a signed-in reader reads on every visit comes from memory (decision 049) and is
// still exact: their own write shows on their next request at once, in the process that
// made it; what others or the database change shows once the database's notification lands
// (in every process, this one included). Nothing of a reader's is served to another.

describe("readers' pages: served from memory, dropped by every change they show", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const get = async <T>(reader: Reader, url: string, app = t.app): Promise<T> => {
    const res = await callAs(app, reader).get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const list = async (reader: Reader, app = t.app) =>
    (await get<{ items: ReadingListItem[] }>(reader, '/api/reading-list', app)).items;
  const progressOn = async (reader: Reader, slug: string, app = t.app) =>
    (
      await get<{ progress: { segmentsValidated: number } | null }>(
        reader,
        `/api/books/${slug}`,
        app,
      )
    ).progress;
  const achievements = (reader: Reader, app = t.app) =>
    get<Achievements>(reader, '/api/me/achievements', app);
  const bell = (reader: Reader, app = t.app) =>
    get<NotificationList>(reader, '/api/notifications', app);
  const year = new Date().getFullYear();
  const goal = async (reader: Reader, app = t.app) =>
    (
      await get<{ goal: { target: number; done: number } | null }>(
        reader,
        `/api/me/goals/${year}`,
        app,
      )
    ).goal;
  const ok = async (promise: Promise<{ statusCode: number; body: string }>) => {
    const res = await promise;
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const newBook = async () => {
    const book = await createBook(t.database.db, { totalPages: 90 });
    await createQuestions(t.database.db, book);
    return book;
  };

  it('serves a page again without asking the database, and each reader only their own', async () => {
    const [ana, bob] = [await createReader(t.app), await createReader(t.app)];
    const book = await newBook();
    await ok(callAs(t.app, ana).post('/api/reading-list', { bookId: book.id }));
    const first = await list(ana);
    const session = t.database.db._.session;
    const queries = vi.spyOn(session, 'prepareQuery');
    const executes = vi.spyOn(session, 'execute');
    try {
      // On PostgreSQL the NOTIFY of the add may still be on its way and rightly drops the
      // page when it lands: wait for a read that memory answers.
      await vi.waitFor(async () => {
        queries.mockClear();
        executes.mockClear();
        expect(await list(ana)).toEqual(first);
        expect(queries).not.toHaveBeenCalled();
        expect(executes).not.toHaveBeenCalled();
      });
    } finally {
      queries.mockRestore();
      executes.mockRestore();
    }
    expect(first.map((i) => i.book.id)).toEqual([book.id]);
    expect(await list(bob)).toEqual([]);
    expect(await progressOn(bob, book.slug)).toBeNull();
  });

  it("shows a reader's own writes on their next request, before any notification", async () => {
    // An app that hears no notification: only its own writes can drop its pages.
    const deaf = await buildTestApp(
      {},
      { database: { ...t.database, listen: async () => async () => {} } },
    );
    const app = deaf.app;
    const ana = await createReader(app);
    const book = await newBook();
    const me = callAs(app, ana);
    try {
      // Everything read (and kept) before each write.
      const readAll = async () => {
        await Promise.all([
          list(ana, app),
          progressOn(ana, book.slug, app),
          achievements(ana, app),
          goal(ana, app),
        ]);
      };
      await readAll();

      await ok(me.post('/api/reading-list', { bookId: book.id }));
      expect((await list(ana, app)).map((i) => i.book.id)).toEqual([book.id]);
      expect(await progressOn(ana, book.slug, app)).toMatchObject({ segmentsValidated: 0 });

      await ok(me.put(`/api/me/goals/${year}`, { kind: 'pages', target: 300 }));
      expect(await goal(ana, app)).toMatchObject({ target: 300, done: 0 });

      const xpBefore = (await achievements(ana, app)).stats.xp;
      await readAll();
      await ok(me.post(`/api/books/${book.id}/segments/1/answer`, { answer: 'mot1' }));
      expect((await list(ana, app))[0]?.progress.segmentsValidated).toBe(1);
      expect(await progressOn(ana, book.slug, app)).toMatchObject({ segmentsValidated: 1 });
      expect((await achievements(ana, app)).stats.xp).toBeGreaterThan(xpBefore);
      expect(await goal(ana, app)).toMatchObject({ done: 30 });

      await ok(me.put(`/api/reading-list/${book.id}/abandoned`));
      expect((await list(ana, app))[0]?.isAbandoned).toBe(true);

      await ok(me.delete(`/api/me/goals/${year}`));
      expect(await goal(ana, app)).toBeNull();

      await ok(me.delete(`/api/reading-list/${book.id}`));
      expect(await list(ana, app)).toEqual([]);
    } finally {
      await app.close(); // the database is this file's
    }
  });

  it('shows what another reader or the database changed, once the database says so', async () => {
    const [ana, bob] = [await createReader(t.app), await createReader(t.app)];
    const book = await newBook();
    await ok(callAs(t.app, ana).post('/api/reading-list', { bookId: book.id }));
    await Promise.all([list(ana), bell(ana), achievements(ana), progressOn(ana, book.slug)]);

    // Bob follows Ana: a notification in her bell.
    await ok(callAs(t.app, bob).put(`/api/follows/${ana.id}`));
    await vi.waitFor(async () => {
      const { items, unread } = await bell(ana);
      expect(items.map((n) => n.type)).toContain('new_follower');
      expect(unread.all).toBe(1);
    });

    // Bob renames himself: her bell shows his new name.
    await ok(callAs(t.app, bob).patch('/api/profiles/me', { username: 'bob_le_lecteur' }));
    await vi.waitFor(async () =>
      expect((await bell(ana)).items[0]?.actor?.username).toBe('bob_le_lecteur'),
    );

    // Ana marks it read herself: at once.
    await ok(callAs(t.app, ana).post('/api/notifications/read-all'));
    expect((await bell(ana)).unread.all).toBe(0);

    // A badge granted outside her requests (a job, another process).
    await t.database.db.execute(
      sql`insert into user_badges (user_id, badge_slug) values (${ana.id}, 'lecteur-assidu')`,
    );
    await vi.waitFor(async () => {
      const badge = (await achievements(ana)).badges.find((b) => b.slug === 'lecteur-assidu');
      expect(badge?.earnedAt).not.toBeNull();
      expect(badge?.times).toBe(1);
    });

    // Her progress repaired by a maintenance script.
    await t.database.db.execute(
      sql`update reading_progress set segments_validated = 2, current_page = 60, status = 'in_progress'
          where user_id = ${ana.id} and book_id = ${book.id}`,
    );
    await vi.waitFor(async () => {
      expect((await list(ana))[0]?.progress.segmentsValidated).toBe(2);
      expect(await progressOn(ana, book.slug)).toMatchObject({ segmentsValidated: 2 });
    });

    // The catalogue changed: the card in her list has the book's new title.
    await t.database.db.execute(
      sql`update books set title = 'Un titre corrigé' where id = ${book.id}`,
    );
    await vi.waitFor(async () => expect((await list(ana))[0]?.book.title).toBe('Un titre corrigé'));
  });

  it('drops the pages another app on the same database keeps, once the database says so', async () => {
    const other = await buildTestApp({}, { database: t.database });
    try {
      const ana = await createReader(t.app);
      const book = await newBook();
      expect(await list(ana, other.app)).toEqual([]);
      await ok(callAs(t.app, ana).post('/api/reading-list', { bookId: book.id }));
      await vi.waitFor(async () =>
        expect((await list(ana, other.app)).map((i) => i.book.id)).toEqual([book.id]),
      );
      expect(await progressOn(ana, book.slug, other.app)).toMatchObject({ segmentsValidated: 0 });
      await ok(
        callAs(t.app, ana).post(`/api/books/${book.id}/segments/1/answer`, { answer: 'mot1' }),
      );
      await vi.waitFor(async () => {
        expect(await progressOn(ana, book.slug, other.app)).toMatchObject({ segmentsValidated: 1 });
        expect((await achievements(ana, other.app)).stats.segmentsValidated).toBe(1);
      });
    } finally {
      await other.app.close(); // the database is this file's
    }
  });
});
