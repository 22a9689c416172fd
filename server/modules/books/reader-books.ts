import { and, eq, gte, sql } from 'drizzle-orm';
import type { ReaderBook } from '../../../domain/reader-books.schemas';
import type { Db } from '../../db/client';
import { books } from './books.table';

// Books that readers add (decision 044), as the contributions module asks for them: the books
// table is this module's, so the reads and writes on it live here.

type Tx = Pick<Db, 'select' | 'insert' | 'execute'>;

/** A book already in the catalogue that a new one would repeat. */
export type SameBook = { id: string; slug: string; title: string; isPublished: boolean };

/**
 * The catalogue's book that `book` would repeat: the same ISBN-13, the same title and
 * author once folded (accents, case and spacing aside), or the same slug (which comes from
 * title and author). Published or not: an unpublished book is not added again behind the
 * back office's back.
 */
export async function findSameBook(
  db: Pick<Db, 'select'>,
  book: { isbn13: string | null; title: string; author: string; slug: string },
): Promise<SameBook | null> {
  const sameIsbn = book.isbn13 ? sql`${books.isbn13} = ${book.isbn13}` : sql`false`;
  const [found] = await db
    .select({ id: books.id, slug: books.slug, title: books.title, isPublished: books.isPublished })
    .from(books)
    .where(
      sql`${sameIsbn}
        or (${books.titleFolded} = lisons_fold(${book.title})
          and ${books.authorFolded} = lisons_fold(${book.author}))
        or ${books.slug} = ${book.slug}`,
    )
    // An ISBN match first: it names the very edition.
    .orderBy(book.isbn13 ? sql`(${books.isbn13} = ${book.isbn13}) is true desc` : books.createdAt)
    .limit(1);
  return found ?? null;
}

/** How many books the reader added since `since` (the daily limit). */
export async function booksAddedSince(tx: Pick<Db, 'select'>, readerId: string, since: Date) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(books)
    .where(and(eq(books.addedBy, readerId), gte(books.createdAt, since)));
  return row?.count ?? 0;
}

/** Adds a reader's book, published at once and not yet confirmed by an administrator. */
export async function insertReaderBook(
  tx: Tx,
  book: Omit<ReaderBook, 'isbn' | 'coverUrl'> & { isbn13: string | null; slug: string },
  readerId: string,
): Promise<{ id: string; slug: string; title: string }> {
  const [created] = await tx
    .insert(books)
    .values({
      slug: book.slug,
      title: book.title,
      author: book.author,
      totalPages: book.totalPages,
      category: book.category,
      description: book.description,
      year: book.year,
      isbn13: book.isbn13,
      addedBy: readerId,
      confirmed: false,
    })
    .returning({ id: books.id, slug: books.slug, title: books.title });
  if (!created) throw new Error('insert into books returned no row');
  return created;
}
