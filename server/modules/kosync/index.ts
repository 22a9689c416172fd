// The kosync module's public surface: what other modules may use (decision 039).
export { kosyncBookMove } from './kosync.book-move';
export { kosyncReaderData } from './kosync.reader-data';
export { deviceReading } from './kosync.reading';
