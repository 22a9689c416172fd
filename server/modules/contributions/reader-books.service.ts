import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { COVER_MAX_BYTES } from '../../../domain/covers';
import { readerBooksMessages as m } from '../../../domain/messages/reader-books';
import {
  type AddedBook,
  READER_BOOKS_PER_DAY,
  type ReaderBook,
} from '../../../domain/reader-books.schemas';
import { bookSlug } from '../../../domain/slugs';
import type { Db } from '../../db/client';
import { databaseErrorOf } from '../../db/database-error';
import { AppError } from '../../errors';
import { type BookLookup, fetchOfferedCover, isOfferedCover, lookupEditions } from '../book-lookup';
import { booksAddedSince, findSameBook, insertReaderBook, type SameBook } from '../books';
import { giveBookCover } from '../covers';
import type { JobHandler, JobQueue } from '../jobs';

/** The job that gives a book a reader added its cover (fetched or drawn), after the answer. */
export const READER_BOOK_COVER_JOB = 'reader-book-cover';

const DAY_MS = 24 * 60 * 60_000;

/** The catalogue already has it: the reader is led to it (when readers can open it). */
function duplicate(same: SameBook): AppError {
  return new AppError(
    'ALREADY_EXISTS',
    m.duplicate,
    same.isPublished ? { slug: same.slug, title: same.title } : undefined,
  );
}

/**
 * Books that readers add (decision 044): the open-catalogue lookup that fills the form, and
 * the book itself, readable at once and marked « Ajouté par la communauté » until an
 * administrator confirms it. The cover (the picked edition's, else a drawn one) is made by a
 * job, so the reader does not wait for the covers service.
 */
export function createReaderBooksService({
  db,
  lookup,
  queue,
}: {
  db: Db;
  lookup: BookLookup;
  /** The job queue (made after this service, which gives it its handler). */
  queue: () => Pick<JobQueue, 'enqueue'>;
}) {
  return {
    lookup: (query: string) => lookupEditions({ lookup, query }),

    /**
     * A small JPEG of a cover the lookup offered, for the editions' list: fetched by the
     * server, so the page's CSP stays our own origin and the reader's address never reaches
     * the covers service; re-encoded, so no remote bytes reach the browser as they came.
     * Null when the URL is not an offered cover or the image cannot be had.
     */
    async thumbnail(url: string): Promise<{ etag: string; bytes: Buffer } | null> {
      if (!isOfferedCover(lookup, url)) return null;
      const image = await fetchOfferedCover(lookup, url, COVER_MAX_BYTES);
      if (!image) return null;
      const bytes = await sharp(image, { limitInputPixels: 40_000_000 })
        .resize(128, 192, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toBuffer()
        .catch(() => null);
      if (!bytes) return null;
      return { etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`, bytes };
    },

    async add(readerId: string, book: ReaderBook): Promise<AddedBook> {
      if (book.coverUrl && !isOfferedCover(lookup, book.coverUrl)) {
        throw new AppError('VALIDATION_ERROR', m.coverInvalid);
      }
      const slug = bookSlug(book.title, book.author);
      if (!slug) throw new AppError('VALIDATION_ERROR', m.titleRequired);
      const same = { isbn13: book.isbn, title: book.title, author: book.author, slug };
      try {
        return await db.transaction(async (tx) => {
          // One addition at a time per reader: the daily count cannot be passed by racing.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`reader-books:${readerId}`}))`,
          );
          const found = await findSameBook(tx, same);
          if (found) throw duplicate(found);
          const since = new Date(Date.now() - DAY_MS);
          if ((await booksAddedSince(tx, readerId, since)) >= READER_BOOKS_PER_DAY) {
            throw new AppError('RATE_LIMITED', m.dailyLimit);
          }
          const { isbn: _isbn, coverUrl, ...fields } = book;
          const created = await insertReaderBook(
            tx,
            { ...fields, isbn13: book.isbn, slug },
            readerId,
          );
          await queue().enqueue(tx, READER_BOOK_COVER_JOB, {
            bookId: created.id,
            coverUrl: coverUrl ?? null,
          });
          return created;
        });
      } catch (error) {
        // Another reader added the same book at the same instant: theirs is the catalogue's.
        if (databaseErrorOf(error)?.code === '23505') {
          const found = await findSameBook(db, same);
          if (found) throw duplicate(found);
        }
        throw error;
      }
    },

    jobHandlers: {
      [READER_BOOK_COVER_JOB]: async (payload) => {
        const url = typeof payload.coverUrl === 'string' ? payload.coverUrl : null;
        const image = url ? await fetchOfferedCover(lookup, url, COVER_MAX_BYTES) : null;
        await giveBookCover(db, String(payload.bookId), image);
      },
    } satisfies Record<string, JobHandler>,
  };
}

export type ReaderBooksService = ReturnType<typeof createReaderBooksService>;
