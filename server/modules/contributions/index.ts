// The contributions module's public surface: what other modules may use (decision 039).
// Readers grow the catalogue (decision 044): books they add.
export { readerBooksRoutes } from './reader-books.routes';
export { createReaderBooksService, READER_BOOK_COVER_JOB } from './reader-books.service';
