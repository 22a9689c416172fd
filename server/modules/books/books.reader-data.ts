import { readerRows } from '../../db/reader-data';

/**
 * Books a reader added (decision 044) and questions they proposed (decision 045): in their
 * export; when their account goes, both stay (other readers read and answer them), without who
 * added them.
 */
export const booksReaderData = readerRows({
  module: 'books',
  tables: { books: ['added_by'], reading_questions: ['author_id'], book_reports: ['reader_id'] },
  anonymized: ['books', 'reading_questions'],
  // Derived from title and author, which the export holds.
  omit: { books: ['search_text', 'title_folded', 'author_folded'] },
});
