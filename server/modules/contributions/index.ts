// The contributions module's public surface: what other modules may use (decision 039).
// Readers grow the catalogue (decision 044): books they add.

export { contributionsReaderData } from './contributions.reader-data';
export { questionProposalsRoutes } from './question-proposals.routes';
export { createQuestionProposalsService } from './question-proposals.service';
export { createQuestionQuality } from './question-quality';
export { readerBooksRoutes } from './reader-books.routes';
export { createReaderBooksService, READER_BOOK_COVER_JOB } from './reader-books.service';
