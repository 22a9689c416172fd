import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';

// The finished-book chat's messages (docs/architecture.md#live-notifications-and-chat), by book id
// rather than slug so a renamed book keeps its room. Stored trimmed, 1–500 characters (the check
// repeats the route's rule). A removed message keeps its row for the reports on it, with who
// removed it ('author' or 'admin'); rooms never show it.
export const bookChats = pgTable(
  'book_chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    authorId: readerIdColumn('author_id', 'cascade').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by', { enum: ['author', 'admin'] }),
  },
  (t) => [
    index('book_chats_room_time_idx').on(t.bookId, t.createdAt.desc(), t.id.desc()),
    index('book_chats_author_idx').on(t.authorId),
    check('book_chats_content_length', sql`char_length(${t.content}) between 1 and 500`),
    check('book_chats_removed', sql`(${t.removedAt} is null) = (${t.removedBy} is null)`),
  ],
);

// A reader's report of a message, once per reader and message; an admin resolves it by
// removing the message or dismissing the report.
export const chatReports = pgTable(
  'chat_reports',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => bookChats.id, { onDelete: 'cascade' }),
    reporterId: readerIdColumn('reporter_id', 'cascade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.reporterId] }),
    index('chat_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
