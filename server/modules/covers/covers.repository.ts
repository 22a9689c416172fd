import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coverBook, fromBooks, setCoverVersion } from '../books';
import { bookCovers } from './covers.table';

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
        await setCoverVersion(tx, bookId, cover.version);
      });
    },

    /**
     * Books among `slugs` without a cover, or whose generated cover was drawn by another
     * drawing than `generator` (a cover made elsewhere is never replaced).
     */
    async needingCover(slugs: string[], generator: string) {
      if (slugs.length === 0) return [];
      return fromBooks(db, {
        id: coverBook.id,
        title: coverBook.title,
        author: coverBook.author,
        category: coverBook.category,
      })
        .leftJoin(bookCovers, eq(bookCovers.bookId, coverBook.id))
        .where(
          and(
            inArray(coverBook.slug, slugs),
            or(isNull(bookCovers.bookId), ne(bookCovers.generator, generator)),
          ),
        );
    },

    async findBySlug(slug: string) {
      const [row] = await fromBooks(db, {
        webp: bookCovers.webp,
        jpeg: bookCovers.jpeg,
        version: coverBook.coverVersion,
      })
        .innerJoin(bookCovers, eq(bookCovers.bookId, coverBook.id))
        .where(eq(coverBook.slug, slug));
      return row ?? null;
    },
  };
}
