import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookCovers, books } from './books.table';

export function createCoversRepository({ db }: { db: Db }) {
  return {
    /** Stores a cover and its version in one transaction. */
    async save(bookId: string, cover: { webp: Buffer; jpeg: Buffer; version: string }) {
      await db.transaction(async (tx) => {
        await tx
          .insert(bookCovers)
          .values({ bookId, webp: cover.webp, jpeg: cover.jpeg })
          .onConflictDoUpdate({
            target: bookCovers.bookId,
            set: { webp: cover.webp, jpeg: cover.jpeg, updatedAt: new Date() },
          });
        await tx.update(books).set({ coverVersion: cover.version }).where(eq(books.id, bookId));
      });
    },

    async findBySlug(slug: string) {
      const [row] = await db
        .select({ webp: bookCovers.webp, jpeg: bookCovers.jpeg, version: books.coverVersion })
        .from(bookCovers)
        .innerJoin(books, eq(books.id, bookCovers.bookId))
        .where(eq(books.slug, slug));
      return row ?? null;
    },
  };
}
