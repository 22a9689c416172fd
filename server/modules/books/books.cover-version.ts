import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { books } from './books.table';

// What the covers module (server/modules/covers) may use of the catalogue
// (docs/architecture.md#modules). The catalogue owns `books.cover_version`, which the card's
// cover URLs carry; covers stores the images and moves the version only through the two
// writes below. Its reads start from books (`fromBooks`) and join its own tables to them, so
// a cover lookup stays one statement.

/** The book columns a cover is drawn from, found by and versioned with. */
export const coverBook = {
  id: books.id,
  slug: books.slug,
  title: books.title,
  author: books.author,
  category: books.category,
  tags: books.tags,
  coverVersion: books.coverVersion,
  createdAt: books.createdAt,
};

/** `select <columns> from books`, for the caller to join its tables and filter. */
export function fromBooks<T extends SelectedFields>(db: Pick<Db, 'select'>, columns: T) {
  return db.select(columns).from(books);
}

/** Sets a book's cover version, inside the caller's transaction (its cover URLs change). */
export async function setCoverVersion(
  tx: Pick<Db, 'update'>,
  bookId: string,
  version: string,
): Promise<void> {
  await tx.update(books).set({ coverVersion: version }).where(eq(books.id, bookId));
}

/** Sets many books' cover versions in one statement (a batch's chunk). */
export async function setCoverVersions(
  tx: Pick<Db, 'execute'>,
  versions: { bookId: string; version: string }[],
): Promise<void> {
  if (versions.length === 0) return;
  const pairs = sql.join(
    versions.map(({ bookId, version }) => sql`(${bookId}::uuid, ${version})`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${books} set cover_version = v.version from (values ${pairs}) as v(id, version) where ${books.id} = v.id`,
  );
}
