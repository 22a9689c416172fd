import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createBook, createQuestions } from '../../test/factories';
import { books } from './books.table';
import { readingQuestions } from './questions.table';

// Whether a book can be validated (domain/readiness.ts), as the catalogue API shows it:
// `questionsReady` on every card, kept by migration 0017's triggers; the 'ready' filter of
// explore and search; ready books first in explore's default order and in search ties.
describe('catalogue readiness', () => {
  let t: TestApp;
  type Card = { title: string; questionsReady: number; expectedSegments: number };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const items = async (url: string): Promise<Card[]> => (await get(url)).json().items;
  const titles = async (url: string) => (await items(url)).map((b) => b.title);
  const questions = (bookId: string, segments: number[]) =>
    t.database.db.insert(readingQuestions).values(
      segments.map((segment) => ({
        bookId,
        segment,
        question: `Quel mot du segment ${segment} ?`,
        answer: `mot${segment}`,
      })),
    );
  let partial: typeof books.$inferSelect;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    // Oldest first: explore's date order alone would show them newest first.
    const ready = await createBook(db, {
      title: 'Candide',
      author: 'Voltaire',
      totalPages: 150,
      category: 'essai',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await createQuestions(db, ready);
    partial = await createBook(db, {
      title: 'Zadig',
      author: 'Voltaire',
      totalPages: 120,
      category: 'essai',
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    await questions(partial.id, [1, 2]);
    await createBook(db, {
      title: 'Micromégas',
      author: 'Voltaire',
      totalPages: 60,
      category: 'essai',
      createdAt: new Date('2026-01-03T00:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('gives every card how many segments in a row have a question', async () => {
    const cards = await items('/api/books?cat=essai&sort=author');
    expect(cards.map((b) => [b.title, b.questionsReady, b.expectedSegments])).toEqual([
      ['Candide', 5, 5],
      ['Micromégas', 0, 2],
      ['Zadig', 2, 4],
    ]);
    const [search] = await items('/api/search?q=zadig');
    expect(search).toMatchObject({ title: 'Zadig', questionsReady: 2, expectedSegments: 4 });
    const { book } = (await get('/api/books/zadig-voltaire')).json();
    expect(book).toMatchObject({ questionsReady: 2, questionsAvailable: 2 });
  });

  it('puts books ready to validate first in the default order, then the newest', async () => {
    expect(await titles('/api/books?cat=essai')).toEqual(['Candide', 'Micromégas', 'Zadig']);
    // The other sorts keep their own order.
    expect(await titles('/api/books?cat=essai&sort=pages')).toEqual([
      'Candide',
      'Zadig',
      'Micromégas',
    ]);
  });

  it.each(['ready=1', 'ready=true', 'ready=1&sort=author', 'ready=1&sort=pages'])(
    'explore with %s shows only the books ready to validate, and counts them',
    async (query) => {
      const res = await get(`/api/books?cat=essai&${query}`);
      expect(res.json()).toMatchObject({ total: 1, page: 1 });
      expect(res.json().items.map((b: Card) => b.title)).toEqual(['Candide']);
    },
  );

  it('explore with ready=0 shows every book', async () => {
    expect((await get('/api/books?cat=essai&ready=0')).json().total).toBe(3);
  });

  it('search with ready=1 keeps only the books ready to validate', async () => {
    expect(await titles('/api/search?q=voltaire&ready=1')).toEqual(['Candide']);
    expect(await titles('/api/search?q=voltaire')).toHaveLength(3);
  });

  it('ranks a ready book before an equally good match', async () => {
    const db = t.database.db;
    // Both match on the author alone: without readiness the shorter 'Aube' would come first.
    await createBook(db, { title: 'Aube', author: 'Rimbaud', category: 'bio' });
    const later = await createBook(db, { title: 'Brume', author: 'Rimbaud', category: 'bio' });
    await createQuestions(db, later);
    expect(await titles('/api/search?q=rimbaud')).toEqual(['Brume', 'Aube']);
  });

  it.each(['ready=oui', 'ready=2', 'ready='])(
    'refuses %s with a French 400 and no results',
    async (query) => {
      for (const url of [`/api/books?${query}`, `/api/search?q=voltaire&${query}`]) {
        const res = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(
          'Filtre «\u00a0prêts à valider\u00a0» invalide\u00a0: choisis 1 ou 0',
        );
      }
    },
  );

  it('counts only the segments before the first gap, and follows every change', async () => {
    const db = t.database.db;
    const book = await createBook(db, { title: 'Le Horla', author: 'Maupassant' });
    const ready = async () => {
      const [row] = await db
        .select({ n: books.questionsReady, complete: books.questionsComplete })
        .from(books)
        .where(eq(books.id, book.id));
      return row;
    };
    expect(book.expectedSegments).toBe(4);
    await questions(book.id, [1, 3, 4]);
    expect(await ready()).toEqual({ n: 1, complete: false });
    await questions(book.id, [2]);
    expect(await ready()).toEqual({ n: 4, complete: true });
    // Moving a question away opens a gap; deleting one shortens the run.
    await db
      .update(readingQuestions)
      .set({ segment: 9 })
      .where(and(eq(readingQuestions.bookId, book.id), eq(readingQuestions.segment, 3)));
    expect(await ready()).toEqual({ n: 2, complete: false });
    await db
      .delete(readingQuestions)
      .where(and(eq(readingQuestions.bookId, book.id), eq(readingQuestions.segment, 2)));
    expect(await ready()).toEqual({ n: 1, complete: false });
    // Fewer pages, fewer segments: segment 1 is all the book has now.
    await db.update(books).set({ totalPages: 25 }).where(eq(books.id, book.id));
    expect(await ready()).toEqual({ n: 1, complete: true });
  });

  it('shows questions added after a page was cached, in explore, search and the book', async () => {
    expect(await titles('/api/books?cat=essai&ready=1')).toEqual(['Candide']);
    expect((await get('/api/books/zadig-voltaire')).json().book.questionsReady).toBe(2);
    await questions(partial.id, [3, 4]);
    await vi.waitFor(async () => {
      expect(await titles('/api/books?cat=essai&ready=1')).toEqual(['Zadig', 'Candide']);
      expect(await titles('/api/search?q=zadig&ready=1')).toEqual(['Zadig']);
      expect((await get('/api/books/zadig-voltaire')).json().book.questionsReady).toBe(4);
    });
  });
});
