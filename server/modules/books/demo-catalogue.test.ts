import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../domain/books.schemas';
import { expectedSegments } from '../../../domain/segments';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { bookCovers, books } from './books.table';
import { COVER_GENERATOR, renderCover } from './cover-image';
import { loadDemoCatalogue, readDemoCatalogue } from './demo-catalogue';
import { prebuiltCover, writeDemoCovers } from './demo-covers';
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

  it('fills an empty catalogue with books, questions and covers, once', async () => {
    const demo = readDemoCatalogue();
    expect(await loadDemoCatalogue(database.db)).toBe(demo.books.length);
    const [questions] = await database.db.select({ n: count() }).from(readingQuestions);
    expect(questions?.n).toBe(demo.questions.reduce((sum, set) => sum + set.questions.length, 0));
    const [candide] = await database.db
      .select()
      .from(books)
      .where(eq(books.slug, 'candide-ou-l-optimisme-voltaire'));
    expect(candide).toMatchObject({ title: "Candide ou l'Optimisme", expectedSegments: 5 });
    expect(candide?.coverVersion).toMatch(/^[0-9a-f]{12}$/);

    expect(await loadDemoCatalogue(database.db)).toBe(0);
    const [total] = await database.db.select({ n: count() }).from(books);
    expect(total?.n).toBe(demo.books.length);
  });

  it('gives every demo book a cover drawn by the current drawing', async () => {
    const rows = await database.db
      .select({ slug: books.slug, version: books.coverVersion, generator: bookCovers.generator })
      .from(books)
      .leftJoin(bookCovers, eq(bookCovers.bookId, books.id));
    expect(rows).toHaveLength(readDemoCatalogue().books.length);
    for (const row of rows) {
      expect(row.version, row.slug).toMatch(/^[0-9a-f]{12}$/);
      expect(row.generator, row.slug).toBe(COVER_GENERATOR);
    }
  });

  it('draws again, at the next start, a missing cover and one from an older drawing', async () => {
    const db = database.db;
    const [carmen, candide] = await Promise.all(
      ['carmen-prosper-merimee', 'candide-ou-l-optimisme-voltaire'].map(async (slug) => {
        const [row] = await db.select().from(books).where(eq(books.slug, slug));
        if (!row) throw new Error(`missing ${slug}`);
        return row;
      }),
    );
    if (!carmen || !candide) throw new Error('missing books');
    // A start stopped before drawing Carmen; Candide drawn by the first drawing.
    await db.delete(bookCovers).where(eq(bookCovers.bookId, carmen.id));
    await db.update(books).set({ coverVersion: null }).where(eq(books.id, carmen.id));
    await db
      .update(bookCovers)
      .set({ generator: 'v1', jpeg: Buffer.from('ancienne') })
      .where(eq(bookCovers.bookId, candide.id));
    await db.update(books).set({ coverVersion: 'ancienne' }).where(eq(books.id, candide.id));

    expect(await loadDemoCatalogue(db)).toBe(0);
    const [missing] = await db.select({ n: count() }).from(books).where(isNull(books.coverVersion));
    expect(missing?.n).toBe(0);
    const [redrawn] = await db
      .select({ version: books.coverVersion, generator: bookCovers.generator })
      .from(books)
      .innerJoin(bookCovers, eq(bookCovers.bookId, books.id))
      .where(eq(books.id, candide.id));
    expect(redrawn?.generator).toBe(COVER_GENERATOR);
    expect(redrawn?.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it('copies a cover the build drew: the bytes and the version a drawing gives', async () => {
    const db = database.db;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-demo-covers-'));
    try {
      const demo = readDemoCatalogue().books;
      const carmen = demo.find((b) => b.key === 'carmen-prosper-merimee');
      if (!carmen) throw new Error('missing Carmen');
      await writeDemoCovers([carmen], dir);
      const drawn = await renderCover(carmen);
      expect(prebuiltCover(carmen, dir)).toEqual(drawn);
      // A cover drawn from other text is not this book's.
      expect(
        prebuiltCover({ ...carmen, title: 'Carmen et autres nouvelles' }, dir),
      ).toBeUndefined();

      const [row] = await db.select().from(books).where(eq(books.slug, carmen.key));
      if (!row) throw new Error('missing Carmen');
      await db.delete(bookCovers).where(eq(bookCovers.bookId, row.id));
      expect(await loadDemoCatalogue(db, { coversDir: dir })).toBe(0);
      const [copied] = await db
        .select({ version: books.coverVersion, jpeg: bookCovers.jpeg, webp: bookCovers.webp })
        .from(books)
        .innerJoin(bookCovers, eq(bookCovers.bookId, books.id))
        .where(eq(books.id, row.id));
      expect(copied?.version).toBe(drawn.version);
      expect(Buffer.from(copied?.jpeg ?? []).equals(drawn.jpeg)).toBe(true);
      expect(Buffer.from(copied?.webp ?? []).equals(drawn.webp)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
