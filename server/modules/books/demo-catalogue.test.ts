import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../domain/books.schemas';
import { expectedSegments } from '../../../domain/segments';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { books } from './books.table';
import { loadDemoCatalogue, readDemoCatalogue } from './demo-catalogue';
import { readingQuestions } from './questions.table';

describe('the demo catalogue in data/', () => {
  const demo = readDemoCatalogue();

  it('has at least 40 real books, in all four categories', () => {
    expect(demo.books.length).toBeGreaterThanOrEqual(40);
    for (const category of categories) {
      expect(demo.books.filter((b) => b.category === category).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('has at least 8 books with one question for every segment, each answer one lowercase word', () => {
    expect(demo.questions.length).toBeGreaterThanOrEqual(8);
    for (const set of demo.questions) {
      const book = demo.books.find((b) => b.key === set.book);
      expect(set.questions).toHaveLength(expectedSegments(book?.pages ?? 0));
      for (const q of set.questions) {
        // One word: letters, an apostrophe only inside it (aujourd'hui).
        expect(q.answer).toMatch(/^\p{Ll}+(?:['’]\p{Ll}+)*$/u);
        expect(q.question.toLowerCase()).not.toContain(q.answer);
      }
    }
  });
});

describe('loadDemoCatalogue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('fills an empty catalogue with books and questions, once', async () => {
    const demo = readDemoCatalogue();
    expect(await loadDemoCatalogue(database.db)).toBe(demo.books.length);
    const [questions] = await database.db.select({ n: count() }).from(readingQuestions);
    expect(questions?.n).toBe(demo.questions.reduce((sum, set) => sum + set.questions.length, 0));
    const [candide] = await database.db
      .select()
      .from(books)
      .where(eq(books.slug, 'candide-ou-l-optimisme-voltaire'));
    expect(candide).toMatchObject({ title: "Candide ou l'Optimisme", expectedSegments: 5 });

    expect(await loadDemoCatalogue(database.db)).toBe(0);
    const [total] = await database.db.select({ n: count() }).from(books);
    expect(total?.n).toBe(demo.books.length);
  });
});
