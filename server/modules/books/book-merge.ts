import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from './admin-books.repository';
import { books } from './books.table';

type MergedBook = { id: string; slug: string; title: string; author: string };

/**
 * The two books of a merge (decision 048), locked in the order of their ids so that two merges
 * of the same books queue rather than deadlock; null for a book that does not exist.
 */
export async function lockBooksForMerge(
  tx: Tx,
  from: string,
  into: string,
): Promise<{ from: MergedBook | null; into: MergedBook | null }> {
  const rows = await tx
    .select({ id: books.id, slug: books.slug, title: books.title, author: books.author })
    .from(books)
    .where(inArray(books.id, [from, into]))
    .orderBy(asc(books.id))
    .for('update');
  return {
    from: rows.find((r) => r.id === from) ?? null,
    into: rows.find((r) => r.id === into) ?? null,
  };
}

/** Deletes the merged duplicate, once every module has moved its rows to the kept book. */
export async function deleteMergedBook(tx: Tx, id: string): Promise<void> {
  await tx.delete(books).where(eq(books.id, id));
}
