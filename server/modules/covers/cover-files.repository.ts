import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CoverVariant } from '../../../domain/covers';
import type { Db } from '../../db/client';
import { coverBook, fromBooks, setCoverVersion, setCoverVersions } from '../books';
import type { ProcessedCover } from './cover-variants';
import { bookCoverFiles, bookCovers } from './covers.table';

/** A transaction (or the database, for a single statement). */
type Tx = Pick<Db, 'insert' | 'update' | 'delete' | 'select' | 'execute'>;

/** A drawn cover, as cover-image.ts and auto-cover.ts make them. */
export type DrawnCover = { jpeg: Buffer; webp: Buffer; version: string; generator: string };

/**
 * Writes a book's cover inside the caller's transaction: the 512 px JPEG and WebP that the
 * card URLs serve (book_covers), the version in books (so the URLs change), and the sized
 * variants (book_cover_files) of an upload; a drawn cover's variants are made on request.
 * The previous cover's variants are deleted, so their URLs answer 404.
 */
export async function writeCover(
  tx: Tx,
  bookId: string,
  cover: DrawnCover | (ProcessedCover & { generator?: null }),
): Promise<void> {
  const generator = cover.generator ?? null;
  await tx
    .insert(bookCovers)
    .values({ bookId, webp: cover.webp, jpeg: cover.jpeg, generator })
    .onConflictDoUpdate({
      target: bookCovers.bookId,
      set: { webp: cover.webp, jpeg: cover.jpeg, generator, updatedAt: new Date() },
    });
  await setCoverVersion(tx, bookId, cover.version);
  await tx
    .delete(bookCoverFiles)
    .where(and(eq(bookCoverFiles.bookId, bookId), ne(bookCoverFiles.version, cover.version)));
  if ('files' in cover) {
    await tx
      .insert(bookCoverFiles)
      .values(cover.files.map((f) => ({ bookId, version: cover.version, ...f })))
      .onConflictDoNothing();
  }
}

/**
 * Writes many drawn covers in three statements (a batch's chunk): on the embedded engine
 * each statement costs milliseconds, so one per cover and table would halve the batch's pace.
 */
export async function writeDrawnCovers(
  tx: Tx,
  covers: { bookId: string; cover: DrawnCover }[],
): Promise<void> {
  if (covers.length === 0) return;
  await tx
    .insert(bookCovers)
    .values(
      covers.map(({ bookId, cover }) => ({
        bookId,
        webp: cover.webp,
        jpeg: cover.jpeg,
        generator: cover.generator,
      })),
    )
    .onConflictDoUpdate({
      target: bookCovers.bookId,
      set: {
        webp: sql`excluded.webp`,
        jpeg: sql`excluded.jpeg`,
        generator: sql`excluded.generator`,
        updatedAt: new Date(),
      },
    });
  await setCoverVersions(
    tx,
    covers.map(({ bookId, cover }) => ({ bookId, version: cover.version })),
  );
  await tx.delete(bookCoverFiles).where(
    inArray(
      bookCoverFiles.bookId,
      covers.map((c) => c.bookId),
    ),
  );
}

export function createCoverFilesRepository({ db }: { db: Db }) {
  return {
    /** A book by id or slug, with its cover's version and maker (null without cover). */
    async findBook(ref: { id: string } | { slug: string }) {
      const [row] = await fromBooks(db, {
        id: coverBook.id,
        slug: coverBook.slug,
        title: coverBook.title,
        author: coverBook.author,
        coverVersion: coverBook.coverVersion,
        generator: bookCovers.generator,
      })
        .leftJoin(bookCovers, eq(bookCovers.bookId, coverBook.id))
        .where('id' in ref ? eq(coverBook.id, ref.id) : eq(coverBook.slug, ref.slug));
      return row ?? null;
    },

    /**
     * One variant of a book's cover: the stored file, or (for the current version, when not
     * stored yet) the current 512 px JPEG to derive it from.
     */
    async findVariant(slug: string, version: string, variant: CoverVariant) {
      const [row] = await fromBooks(db, {
        bookId: coverBook.id,
        currentVersion: coverBook.coverVersion,
        bytes: bookCoverFiles.bytes,
        contentType: bookCoverFiles.contentType,
      })
        .leftJoin(
          bookCoverFiles,
          and(
            eq(bookCoverFiles.bookId, coverBook.id),
            eq(bookCoverFiles.version, version),
            eq(bookCoverFiles.variant, variant),
          ),
        )
        .where(eq(coverBook.slug, slug));
      if (!row) return null;
      if (row.bytes && row.contentType) {
        return { kind: 'stored' as const, bytes: row.bytes, contentType: row.contentType };
      }
      if (row.currentVersion !== version) return null;
      const [cover] = await db
        .select({ jpeg: bookCovers.jpeg })
        .from(bookCovers)
        .where(eq(bookCovers.bookId, row.bookId));
      return cover ? { kind: 'source' as const, bookId: row.bookId, jpeg: cover.jpeg } : null;
    },

    /** Keeps a derived variant (another process may have kept it first: same bytes). */
    async keepVariant(
      bookId: string,
      version: string,
      file: { variant: CoverVariant; contentType: string; bytes: Buffer },
    ) {
      await db
        .insert(bookCoverFiles)
        .values({ bookId, version, ...file })
        .onConflictDoNothing();
    },

    /** Removes one stored variant (the audit's own test file). */
    async removeVariant(bookId: string, version: string, variant: CoverVariant) {
      await db
        .delete(bookCoverFiles)
        .where(
          and(
            eq(bookCoverFiles.bookId, bookId),
            eq(bookCoverFiles.version, version),
            eq(bookCoverFiles.variant, variant),
          ),
        );
    },
  };
}

export type CoverFilesRepository = ReturnType<typeof createCoverFilesRepository>;
