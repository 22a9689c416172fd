import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';
import { books } from './books.table';

// Readers report a book (a duplicate, wrong details, …), once each (decision 048): the back
// office lists the books reported with their reports.
export const bookReports = pgTable(
  'book_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    readerId: readerIdColumn('reader_id', 'cascade').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('book_reports_book_reader_unique').on(t.bookId, t.readerId),
    index('book_reports_reader_idx').on(t.readerId),
  ],
);
