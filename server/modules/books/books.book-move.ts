import { bookRows } from '../../db/book-moves';

/**
 * A merged duplicate's questions join the kept book's pools; its reports are settled by the
 * merge (decision 048).
 */
export const booksBookMove = bookRows('books', {
  reading_questions: {},
  book_reports: { drop: true },
});
