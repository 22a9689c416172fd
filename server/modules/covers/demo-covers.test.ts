import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { books } from '../books/books.table';
import { loadDemoCatalogue, readDemoCatalogue } from '../books/demo-catalogue';
import { COVER_GENERATOR } from './cover-image';
import { bookCovers } from './covers.table';
import { drawDemoCovers } from './demo-covers';

describe('drawDemoCovers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadDemoCatalogue(database.db);
  });
  afterAll(() => database.close());

  it('draws every demo book a cover with the current drawing, once', async () => {
    const demo = readDemoCatalogue();
    expect(await drawDemoCovers(database.db)).toBe(demo.books.length);
    const rows = await database.db
      .select({ slug: books.slug, version: books.coverVersion, generator: bookCovers.generator })
      .from(books)
      .leftJoin(bookCovers, eq(bookCovers.bookId, books.id));
    expect(rows).toHaveLength(demo.books.length);
    for (const row of rows) {
      expect(row.version, row.slug).toMatch(/^[0-9a-f]{12}$/);
      expect(row.generator, row.slug).toBe(COVER_GENERATOR);
    }
    expect(await drawDemoCovers(database.db)).toBe(0);
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

    expect(await drawDemoCovers(db)).toBe(2);
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
});
