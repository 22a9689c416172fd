import { sql } from 'drizzle-orm';
import { type Executor, preparedStatement } from '../../db/prepared-statement';

// For the back office (decision 025): a book that readers have in their lists, or have
// validated segments of, is never deleted with their history, only unpublished. The books
// module asks through this function, given to it by server/app.ts (books cannot import
// reading: reading already depends on books).

const readersStatement = preparedStatement<{ bookId: string }, { readers: number }>(
  'book_readers_count',
  (p) => sql`select count(*)::int as readers from (
     select user_id from reading_progress where book_id = ${p.bookId}::uuid
     union
     select user_id from reading_validations where book_id = ${p.bookId}::uuid) r`,
);

/** How many readers have the book in their list or in their validation history. */
export async function bookReaders(executor: Executor, bookId: string): Promise<number> {
  const [row] = await readersStatement(executor, { bookId });
  return row?.readers ?? 0;
}

export type BookReaders = typeof bookReaders;
