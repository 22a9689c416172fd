// The books module's public surface: what other modules may use (decision 039).
export { deleteMergedBook, lockBooksForMerge } from './book-merge';
export { publishedBookPage } from './book-page';
export { reportBook } from './book-reports';
export { booksBookMove } from './books.book-move';
export { coverBook, fromBooks, setCoverVersion, setCoverVersions } from './books.cover-version';
export { booksReaderData } from './books.reader-data';
export {
  exploreBooks,
  findBookDetail,
  findBookSummary,
  publishedBooksForSitemap,
  toCard,
} from './books.repository';
export { bookCardColumns, bookCardJoin, booksSql } from './books.sql';
export { CATALOGUE_CHANNEL, type CatalogueCache } from './catalogue-cache';
export { readDemoCatalogue } from './demo-catalogue';
export {
  type PendingQuestion,
  type ProposalText,
  questionProposals,
} from './question-pool';
export { booksAddedSince, findSameBook, insertReaderBook, type SameBook } from './reader-books';
