// The book-requests module's public surface: what other modules may use (decision 039).
export { bookRequestsReaderData } from './book-requests.reader-data';
