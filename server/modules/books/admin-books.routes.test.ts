import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../domain/messages/accounts';
import { adminBooksMessages as m } from '../../../domain/messages/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import {
  createAdmin,
  createBook,
  createQuestions,
  createReader,
  type Reader,
} from '../../test/factories';

const ADMIN = 'admin-livres@lisons.app';

describe('the back office: books', () => {
  let t: TestApp;
  let admin: Reader;
  let reader: Reader;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await createAdmin(t, { email: ADMIN });
    reader = await createReader(t.app);
  });
  afterAll(() => t.close());

  const trail = async (action: string) =>
    (
      await t.database.db.execute<{ entity_id: string; before: unknown; after: unknown }>(
        sql`select entity_id, before, after from admin_audit where action = ${action} order by created_at`,
      )
    ).rows;

  describe('adding', () => {
    it('adds a book, its slug made of title and author, and records it', async () => {
      const res = await callAs(t.app, admin).post('/api/admin/books', {
        title: ' Les Misérables ',
        author: 'Victor Hugo',
        totalPages: '95',
        description: 'Jean Valjean.',
      });
      expect(res.statusCode).toBe(201);
      const book = res.json();
      expect(book).toMatchObject({
        slug: 'les-miserables-victor-hugo',
        title: 'Les Misérables',
        totalPages: 95,
        expectedSegments: 4,
        isPublished: true,
        questionsAvailable: 0,
      });
      // Its question slots: one per segment, each to fill.
      const questions = (
        await callAs(t.app, admin).get(`/api/admin/books/${book.id}/questions`)
      ).json();
      expect(questions.status).toBe('missing');
      expect(
        questions.slots.map((s: { segment: number; from: number; to: number }) => [
          s.segment,
          s.from,
          s.to,
        ]),
      ).toEqual([
        [1, 1, 30],
        [2, 31, 60],
        [3, 61, 90],
        [4, 91, 95],
      ]);
      const [record] = await trail('book.create');
      expect(record).toMatchObject({ entity_id: book.id, after: { title: 'Les Misérables' } });
    });

    it("refuses a missing title, author or page count with the spec's messages", async () => {
      const cases: [unknown, string][] = [
        [{ title: ' ', author: 'A', totalPages: 10 }, m.titleRequired],
        [{ title: 'T', author: '', totalPages: 10 }, m.authorRequired],
        [{ title: 'T', author: 'A', totalPages: '' }, m.pagesRequired],
        [{ title: 'T', author: 'A' }, m.pagesRequired],
        // The new-book form has one message for 'a number of at least 1'.
        [{ title: 'T', author: 'A', totalPages: 'douze' }, m.pagesRequired],
        [{ title: 'T', author: 'A', totalPages: 0 }, m.pagesRequired],
        [{ title: 'T', author: 'A', totalPages: -2 }, m.pagesRequired],
      ];
      for (const [payload, message] of cases) {
        const res = await callAs(t.app, admin).post('/api/admin/books', payload);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().error.message).toContain(message);
      }
      const count = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from books where title = 'T'`,
      );
      expect(count.rows[0]?.n).toBe(0);
    });

    it('names every wrong field of an empty form at once, for the form to show them all', async () => {
      const res = await callAs(t.app, admin).post('/api/admin/books', {
        title: '',
        author: '',
        totalPages: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual([
        { path: 'title', message: m.titleRequired },
        { path: 'author', message: m.authorRequired },
        { path: 'totalPages', message: m.pagesRequired },
      ]);
    });

    it('refuses a second book with the same title and author', async () => {
      const payload = { title: 'Doublon', author: 'Auteur', totalPages: 30 };
      expect((await callAs(t.app, admin).post('/api/admin/books', payload)).statusCode).toBe(201);
      const again = await callAs(t.app, admin).post('/api/admin/books', payload);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(m.slugTaken);
    });
  });

  describe('editing', () => {
    it('changes pages, description and publication; the public catalogue follows at once', async () => {
      const book = await createBook(t.database.db, {
        title: 'Germinal',
        author: 'Zola',
        totalPages: 60,
      });
      // Warm the catalogue cache first.
      expect(
        (await callAs(t.app, null).get(`/api/books/${book.slug}`)).json().book.totalPages,
      ).toBe(60);
      const res = await callAs(t.app, admin).patch(`/api/admin/books/${book.id}`, {
        totalPages: 100,
        description: 'La mine.',
        isPublished: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        totalPages: 100,
        expectedSegments: 4,
        isPublished: false,
      });
      // Migration 0011's NOTIFY drops the cache: the book is no longer public.
      await expect
        .poll(async () => (await callAs(t.app, null).get(`/api/books/${book.slug}`)).statusCode)
        .not.toBe(200);
      const [record] = await trail('book.update');
      expect(record).toMatchObject({
        entity_id: book.id,
        before: { totalPages: 60, isPublished: true },
        after: { totalPages: 100, isPublished: false, description: 'La mine.' },
      });
    });

    it("refuses a page count that is not a number: 'Le nombre de pages doit être un nombre valide'", async () => {
      const book = await createBook(t.database.db);
      for (const totalPages of ['abc', '', -3, 2.5]) {
        const res = await callAs(t.app, admin).patch(`/api/admin/books/${book.id}`, { totalPages });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toContain(m.pagesInvalid);
      }
      expect(
        (await callAs(t.app, admin).get(`/api/admin/books/${book.id}`)).json().totalPages,
      ).toBe(120);
    });

    it('answers 404 for an unknown book', async () => {
      const res = await callAs(t.app, admin).patch(
        '/api/admin/books/00000000-0000-4000-8000-000000000000',
        {
          description: 'x',
        },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.bookNotFound);
    });
  });

  describe('deleting', () => {
    it('deletes a book nobody reads, with its questions, keeping them in the trail', async () => {
      const book = await createBook(t.database.db, { totalPages: 60 });
      await createQuestions(t.database.db, book);
      expect((await callAs(t.app, admin).get(`/api/admin/books/${book.id}/usage`)).json()).toEqual({
        readers: 0,
      });
      const res = await callAs(t.app, admin).delete(`/api/admin/books/${book.id}`);
      expect(res.json()).toEqual({ outcome: 'deleted', readers: 0 });
      expect((await callAs(t.app, admin).get(`/api/admin/books/${book.id}`)).statusCode).toBe(404);
      const records = await trail('book.delete');
      expect(records.at(-1)).toMatchObject({
        entity_id: book.id,
        before: {
          questions: [
            { segment: 1, answer: 'mot1' },
            { segment: 2, answer: 'mot2' },
          ],
        },
      });
    });

    it('only unpublishes a book a reader has in their list, keeping their history', async () => {
      const book = await createBook(t.database.db);
      const added = await callAs(t.app, reader).post('/api/reading-list', { bookId: book.id });
      expect(added.statusCode).toBe(201);
      expect((await callAs(t.app, admin).get(`/api/admin/books/${book.id}/usage`)).json()).toEqual({
        readers: 1,
      });
      const res = await callAs(t.app, admin).delete(`/api/admin/books/${book.id}`);
      expect(res.json()).toEqual({ outcome: 'unpublished', readers: 1 });
      expect(
        (await callAs(t.app, admin).get(`/api/admin/books/${book.id}`)).json().isPublished,
      ).toBe(false);
      const list = (await callAs(t.app, reader).get('/api/reading-list')).json();
      expect(JSON.stringify(list)).toContain(book.id);
      expect((await trail('book.unpublish')).at(-1)).toMatchObject({ entity_id: book.id });
    });
  });

  describe('the table', () => {
    it('searches title and author without accents, sorts and pages the whole catalogue', async () => {
      await createBook(t.database.db, {
        title: 'Éloge de la folie',
        author: 'Érasme',
        isPublished: false,
      });
      await createBook(t.database.db, { title: 'Eugénie Grandet', author: 'Balzac' });
      const found = (await callAs(t.app, admin).get('/api/admin/books?q=eloge')).json();
      expect(found.items.map((b: { title: string }) => b.title)).toEqual(['Éloge de la folie']);
      expect(found.items[0].isPublished).toBe(false);
      const byTitle = (await callAs(t.app, admin).get('/api/admin/books?sort=title')).json();
      const titles: string[] = byTitle.items.map((b: { title: string }) => b.title);
      expect(titles.indexOf('Doublon')).toBeLessThan(titles.indexOf('Germinal'));
      expect(titles.indexOf('Eugénie Grandet')).toBeLessThan(titles.indexOf('Germinal'));
      expect(byTitle.total).toBeGreaterThan(5);
      const unpublished = (await callAs(t.app, admin).get('/api/admin/books?published=no')).json();
      expect(unpublished.items.every((b: { isPublished: boolean }) => !b.isPublished)).toBe(true);
      const bad = await callAs(t.app, admin).get('/api/admin/books?sort=prix');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain(m.invalidSort);
    });
  });

  it('keeps every books route from readers and visitors', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/books'],
      ['POST', '/api/admin/books'],
      ['GET', '/api/admin/segment-status'],
    ] as const) {
      const forbidden = await callAs(t.app, reader).send(
        method,
        url,
        method === 'POST' ? { title: 'x', author: 'y', totalPages: 1 } : undefined,
      );
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.message).toBe(accountMessages.adminRequired);
      expect(
        (
          await callAs(t.app, null).send(
            method,
            url,
            method === 'POST' ? { title: 'x', author: 'y', totalPages: 1 } : undefined,
          )
        ).statusCode,
      ).toBe(401);
    }
  });
});
