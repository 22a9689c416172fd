import { readerRows } from '../../db/reader-data';

/** The reader's messages in the finished-book rooms and their reports (decision 027). */
export const chatReaderData = readerRows({
  module: 'chat',
  tables: { chat_reports: ['reporter_id'], book_chats: ['author_id'] },
});
