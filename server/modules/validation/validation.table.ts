import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';

// Wrong answers on the segment being validated, and the cooldown lock after three.
// The row goes away when the segment is validated.
export const validationAttempts = pgTable(
  'validation_attempts',
  {
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    segment: integer('segment').notNull(),
    wrongCount: integer('wrong_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('validation_attempts_user_book_segment_unique').on(t.userId, t.bookId, t.segment),
    check('validation_attempts_wrong_count', sql`${t.wrongCount} >= 0`),
  ],
);

// Product analytics recorded by the server (joker_used, answer_revealed, …).
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    userId: readerIdColumn('user_id', 'set null'),
    bookId: bookIdColumn('book_id', 'set null'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_time_idx').on(t.name, t.createdAt)],
);
