// The avatars module's public surface: what other modules may use (decision 039).
export { avatarsReaderData } from './avatars.reader-data';
