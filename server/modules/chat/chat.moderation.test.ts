import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../domain/messages/accounts';
import { chatMessages as m } from '../../../domain/messages/chat';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { messageRow, roomEvents, setProgress } from '../../test/chat';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';

type Book = Awaited<ReturnType<typeof createBook>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ADMIN = 'moderatrice@lisons.app';

describe('the finished-book chat: deleting, reporting, blocks and the administrators', () => {
  let t: TestApp;
  let book: Book;
  let ana: Reader;
  let ben: Reader;
  let admin: Reader;
  let outsider: Reader;
  // Eve writes the administrators' cases: each reader may post 10 messages a minute.
  let eve: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    book = await createBook(t.database.db);
    [ana, ben, outsider, eve] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    admin = await createAdmin(t, { email: ADMIN });
    for (const reader of [ana, ben, eve])
      await setProgress(t.database.db, reader, book, 'completed');
    await setProgress(t.database.db, outsider, book, 'in_progress');
  });
  afterAll(() => t.close());

  const room = (b: Book = book) => `/api/books/${b.slug}/chat`;
  const say = async (reader: Reader, content: string): Promise<string> => {
    const res = await callAs(t.app, reader).post(room(), { content });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  };
  const contents = async (reader: Reader) =>
    (await callAs(t.app, reader).get(room()))
      .json()
      .items.map((i: { content: string }) => i.content);
  const report = (reader: Reader, id: string) =>
    callAs(t.app, reader).post(`/api/chat/messages/${id}/report`);
  const openReports = async (id: string) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from chat_reports where message_id = ${id} and resolved_at is null`,
        )
      ).rows[0]?.n,
    );

  describe('deleting', () => {
    it('lets the author delete their message: it leaves every list, and the room is told', async () => {
      const id = await say(ana, 'Je me suis trompée de livre');
      const res = await callAs(t.app, ana).delete(`/api/chat/messages/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ removed: true });
      expect(await contents(ana)).not.toContain('Je me suis trompée de livre');
      expect(await contents(ben)).not.toContain('Je me suis trompée de livre');
      expect(await messageRow(t.database.db, id)).toMatchObject({
        removed: true,
        removed_by: 'author',
      });
      expect((await roomEvents(t.database.db, book.id)).at(-1)).toEqual({
        kind: 'chat.removed',
        data: { id },
        reader_id: null,
      });
      const again = await callAs(t.app, ana).delete(`/api/chat/messages/${id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(m.messageNotFound);
    });

    it("refuses another reader's message (403, French), and changes nothing", async () => {
      const id = await say(ana, 'Mon avis à moi');
      const events = (await roomEvents(t.database.db, book.id)).length;
      const res = await callAs(t.app, ben).delete(`/api/chat/messages/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: m.deleteForbidden });
      expect(await messageRow(t.database.db, id)).toMatchObject({ removed: false });
      expect(await roomEvents(t.database.db, book.id)).toHaveLength(events);
    });

    it("lets an administrator delete anyone's message", async () => {
      const id = await say(ben, 'Un message à retirer');
      const res = await callAs(t.app, admin).delete(`/api/chat/messages/${id}`);
      expect(res.statusCode).toBe(200);
      expect(await messageRow(t.database.db, id)).toMatchObject({
        removed: true,
        removed_by: 'admin',
      });
    });

    it('answers 404 for an unknown message and 400 for a malformed id', async () => {
      const unknown = await callAs(t.app, ana).delete(`/api/chat/messages/${UNKNOWN}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(m.messageNotFound);
      const bad = await callAs(t.app, ana).delete('/api/chat/messages/42');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(m.messageNotFound);
    });
  });

  describe('reporting', () => {
    it('takes one report per reader and message; the second says so (409)', async () => {
      const id = await say(ana, 'Un message discutable');
      const first = await report(ben, id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ reported: true });
      const second = await report(ben, id);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toEqual({ code: 'ALREADY_EXISTS', message: m.alreadyReported });
      expect(await openReports(id)).toBe(1);
    });

    it('refuses to report one’s own message, a removed one, or from outside the room', async () => {
      const id = await say(ana, 'À moi');
      const own = await report(ana, id);
      expect(own.statusCode).toBe(400);
      expect(own.json().error.message).toBe(m.reportOwn);

      const outside = await report(outsider, id);
      expect(outside.statusCode).toBe(403);
      expect(outside.json().error.message).toBe(m.accessDenied);

      await callAs(t.app, ana).delete(`/api/chat/messages/${id}`);
      const gone = await report(ben, id);
      expect(gone.statusCode).toBe(404);
      expect(await openReports(id)).toBe(0);
    });
  });

  describe('blocks', () => {
    it('hides the messages of a reader one blocked, or who blocked one, and theirs cannot be reported', async () => {
      const cleo = await createReader(t.app);
      const dan = await createReader(t.app);
      const blocked = await createBook(t.database.db);
      for (const r of [ana, cleo, dan]) await setProgress(t.database.db, r, blocked, 'completed');
      const list = async (reader: Reader) =>
        (await callAs(t.app, reader).get(room(blocked)))
          .json()
          .items.map((i: { authorId: string }) => i.authorId);
      const sayIn = async (reader: Reader, content: string) =>
        (await callAs(t.app, reader).post(room(blocked), { content })).json().id as string;
      await sayIn(ana, "Ana d'abord");
      const fromCleo = await sayIn(cleo, 'Cléo ensuite');
      await sayIn(dan, 'Dan enfin');

      // Ana blocks Cléo: neither sees the other's messages; Dan sees both.
      const res = await callAs(t.app, ana).put(`/api/blocks/${cleo.id}`);
      expect(res.statusCode).toBe(200);
      expect(await list(ana)).toEqual([ana.id, dan.id]);
      expect(await list(cleo)).toEqual([cleo.id, dan.id]);
      expect(await list(dan)).toEqual([ana.id, cleo.id, dan.id]);
      const hiddenReport = await report(ana, fromCleo);
      expect(hiddenReport.statusCode).toBe(404);

      await callAs(t.app, ana).delete(`/api/blocks/${cleo.id}`);
      expect(await list(ana)).toEqual([ana.id, cleo.id, dan.id]);
    });
  });

  describe('the administrators', () => {
    const adminRoutes = (id: string) =>
      [
        ['GET', '/api/admin/chat/reports'],
        ['POST', `/api/admin/chat/messages/${id}/remove`],
        ['POST', `/api/admin/chat/reports/${id}/dismiss`],
      ] as const;

    it('keeps their routes to administrators (401 visitor, 403 reader), changing nothing', async () => {
      const id = await say(eve, 'Reste là');
      for (const [method, url] of adminRoutes(id)) {
        const visitor = await callAs(t.app, null).send(method, url);
        expect(visitor.statusCode, url).toBe(401);
        const reader = await callAs(t.app, ben).send(method, url);
        expect(reader.statusCode, url).toBe(403);
        expect(reader.json().error.message).toBe(accountMessages.adminRequired);
      }
      expect(await messageRow(t.database.db, id)).toMatchObject({ removed: false });
    });

    it('lists open reports with message, author, book and count, most reported first', async () => {
      const cleo = await createReader(t.app);
      await setProgress(t.database.db, cleo, book, 'completed');
      const once = await say(eve, 'Signalé une fois');
      const twice = await say(eve, 'Signalé deux fois');
      await report(ben, once);
      await report(ben, twice);
      await report(cleo, twice);
      const res = await callAs(t.app, admin).get('/api/admin/chat/reports');
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { message: { id: string }; count: number }[];
      const mine = items.filter((i) => [once, twice].includes(i.message.id));
      expect(mine.map((i) => [i.message.id, i.count])).toEqual([
        [twice, 2],
        [once, 1],
      ]);
      expect(mine[0]).toMatchObject({
        message: { id: twice, content: 'Signalé deux fois', createdAt: expect.any(String) },
        author: { id: eve.id, name: expect.any(String), avatar: null },
        book: { id: book.id, slug: book.slug, title: book.title },
        firstReportedAt: expect.any(String),
        lastReportedAt: expect.any(String),
      });
    });

    it('removes a reported message: out of the room and the queue, the room told once', async () => {
      const id = await say(eve, 'À retirer par la modération');
      await report(ben, id);
      const res = await callAs(t.app, admin).post(`/api/admin/chat/messages/${id}/remove`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ removed: true });
      expect(await contents(ben)).not.toContain('À retirer par la modération');
      expect(await openReports(id)).toBe(0);
      const queue = (await callAs(t.app, admin).get('/api/admin/chat/reports')).json().items;
      expect(queue.map((i: { message: { id: string } }) => i.message.id)).not.toContain(id);
      const removals = async () =>
        (await roomEvents(t.database.db, book.id)).filter(
          (e) => e.kind === 'chat.removed' && (e.data as { id: string }).id === id,
        );
      expect(await removals()).toHaveLength(1);
      // Removing it again changes nothing and tells no one.
      expect(
        (await callAs(t.app, admin).post(`/api/admin/chat/messages/${id}/remove`)).statusCode,
      ).toBe(200);
      expect(await removals()).toHaveLength(1);
      expect(
        (await callAs(t.app, admin).post(`/api/admin/chat/messages/${UNKNOWN}/remove`)).statusCode,
      ).toBe(404);
    });

    it('dismisses the reports of a message, which stays in the room', async () => {
      const id = await say(eve, 'Finalement acceptable');
      await report(ben, id);
      const res = await callAs(t.app, admin).post(`/api/admin/chat/reports/${id}/dismiss`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ dismissed: 1 });
      expect(await openReports(id)).toBe(0);
      expect(await contents(ben)).toContain('Finalement acceptable');
      const again = await callAs(t.app, admin).post(`/api/admin/chat/reports/${id}/dismiss`);
      expect(again.json()).toEqual({ dismissed: 0 });
      const unknown = await callAs(t.app, admin).post(`/api/admin/chat/reports/${UNKNOWN}/dismiss`);
      expect(unknown.statusCode).toBe(404);
    });
  });
});
