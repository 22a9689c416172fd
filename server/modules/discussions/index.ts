// The discussions module's public surface: what other modules may use (decision 039).

export { discussionsBookMove } from './discussions.book-move';
export { discussionsReaderData } from './discussions.reader-data';
