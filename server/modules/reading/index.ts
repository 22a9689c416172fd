// The reading module's public surface: what other modules may use (decision 039).
export type { BookReaders } from './book-readers';
export { readingBookMove } from './reading.book-move';
export { libraryOf, readingHistoryOf, readingReaderData } from './reading.reader-data';
export {
  addToList,
  findProgress,
  importEntries,
  profileBooks,
  readingList,
  toProgressView,
} from './reading.repository';
export { readingSql } from './reading.sql';
