import { sql } from 'drizzle-orm';
import type { BookMove } from '../../db/book-moves';

/**
 * Reading lists, progress and validations of a merged duplicate move to the kept book
 * (decision 048). A reader who has both keeps the one they read further (the kept book's on a
 * tie); the other goes, with its validations (their XP stays in the ledger).
 */
export const readingBookMove: BookMove = {
  module: 'reading',
  tables: { reading_progress: 'book_id', reading_validations: 'book_id' },
  async moveBook(tx, from, into) {
    await tx.execute(sql`delete from reading_progress p using reading_progress o
      where p.user_id = o.user_id and (
        (p.book_id = ${from}::uuid and o.book_id = ${into}::uuid and p.segments_validated <= o.segments_validated)
        or (p.book_id = ${into}::uuid and o.book_id = ${from}::uuid and p.segments_validated < o.segments_validated))`);
    await tx.execute(
      sql`update reading_validations set book_id = ${into}::uuid where book_id = ${from}::uuid`,
    );
    await tx.execute(
      sql`update reading_progress set book_id = ${into}::uuid where book_id = ${from}::uuid`,
    );
  },
};
