import { readerRows } from '../../db/reader-data';

/**
 * Books a reader added (decision 044): in their export; when their account goes, the books
 * stay in the catalogue (other readers read them), without who added them.
 */
export const booksReaderData = readerRows({
  module: 'books',
  tables: { books: ['added_by'] },
  anonymized: ['books'],
  // Derived from title and author, which the export holds.
  omit: { books: ['search_text', 'title_folded', 'author_folded'] },
});
