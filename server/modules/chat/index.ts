// The chat module's public surface: what other modules may use (decision 039).
export { chatReaderData } from './chat.reader-data';
