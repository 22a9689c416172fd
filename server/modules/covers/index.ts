// The covers module's public surface: what other modules may use (decision 039).

export { giveBookCover } from './book-cover';
export { coversBookMove } from './covers.book-move';
export { coversReaderData } from './covers.reader-data';
