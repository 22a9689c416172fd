import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn, questionIdColumn } from '../books/books.columns';

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

// The question of its segment's pool each reader is asked (decision 045): written the first
// time the reader is shown it, so a reload or a lock does not change it. Until then the
// answer path picks the same one (a per-reader order of the pool, validation.repository.ts).
export const questionAssignments = pgTable(
  'question_assignments',
  {
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    segment: integer('segment').notNull(),
    questionId: questionIdColumn('question_id', 'cascade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId, t.segment] }),
    index('question_assignments_question_idx').on(t.questionId),
  ],
);
