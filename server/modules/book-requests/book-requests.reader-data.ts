import { readerRows } from '../../db/reader-data';

/** The reader's book requests (decision 027). */
export const bookRequestsReaderData = readerRows({
  module: 'book-requests',
  tables: { book_requests: ['user_id'] },
});
