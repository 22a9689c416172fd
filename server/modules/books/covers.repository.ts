import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookCovers, books } from './books.table';

export function createCoversRepository({ db }: { db: Db }) {
  return {
    /**
     * Stores a cover and its version in one transaction; `generator` names the drawing that
     * made it (null for a cover made elsewhere).
     */
    async save(
      bookId: string,
      cover: { webp: Buffer; jpeg: Buffer; version: string; generator?: string | null },
    ) {
      const generator = cover.generator ?? null;
      await db.transaction(async (tx) => {
        await tx
          .insert(bookCovers)
          .values({ bookId, webp: cover.webp, jpeg: cover.jpeg, generator })
          .onConflictDoUpdate({
            target: bookCovers.bookId,
            set: { webp: cover.webp, jpeg: cover.jpeg, generator, updatedAt: new Date() },
          });
        await tx.update(books).set({ coverVersion: cover.version }).where(eq(books.id, bookId));
      });
    },

    /**
     * Books among `slugs` without a cover, or whose generated cover was drawn by another
     * drawing than `generator` (a cover made elsewhere is never replaced).
     */
    async needingCover(slugs: string[], generator: string) {
      if (slugs.length === 0) return [];
      return db
        .select({
          id: books.id,
          title: books.title,
          author: books.author,
          category: books.category,
        })
        .from(books)
        .leftJoin(bookCovers, eq(bookCovers.bookId, books.id))
        .where(
          and(
            inArray(books.slug, slugs),
            or(isNull(bookCovers.bookId), ne(bookCovers.generator, generator)),
          ),
        );
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
