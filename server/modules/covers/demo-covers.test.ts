import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { books } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { loadDemoCatalogue, readDemoCatalogue } from '../books/demo-catalogue';
import { COVER_GENERATOR, renderCover } from './cover-image';
import { bookCovers } from './covers.table';
import { drawDemoCovers, prebuiltCover, writeDemoCovers } from './demo-covers';

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

  it('copies a cover the build drew: the bytes and the version a drawing gives', async () => {
    const db = database.db;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-demo-covers-'));
    try {
      const carmen = readDemoCatalogue().books.find((b) => b.key === 'carmen-prosper-merimee');
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
      expect(await drawDemoCovers(db, { coversDir: dir })).toBe(1);
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
