import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { BOOK_REQUEST_STATUSES } from '../../../domain/book-requests';
import { timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';

// A premium reader's request for a book (docs/architecture.md#book-requests-and-premium). Texts are
// stored trimmed, empty ones as null; the ISBN without hyphens (its checksum checked by the route).
export const bookRequests = pgTable(
  'book_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    bookTitle: text('book_title').notNull(),
    bookAuthor: text('book_author'),
    isbn: text('isbn'),
    reason: text('reason'),
    status: text('status', { enum: BOOK_REQUEST_STATUSES }).notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    index('book_requests_reader_idx').on(t.userId, t.createdAt.desc()),
    index('book_requests_status_time_idx').on(t.status, t.createdAt.desc()),
    check('book_requests_status', sql`${t.status} in ('pending', 'processing', 'completed')`),
    check('book_requests_title', sql`char_length(${t.bookTitle}) between 1 and 300`),
  ],
);
