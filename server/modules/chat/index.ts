// The chat module's public surface: what other modules may use (decision 039).

export { chatBookMove } from './chat.book-move';
export { chatReaderData } from './chat.reader-data';
