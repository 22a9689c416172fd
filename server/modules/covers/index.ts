// The covers module's public surface: what other modules may use (decision 039).
export { coversReaderData } from './covers.reader-data';
export { giveBookCover } from './book-cover';
