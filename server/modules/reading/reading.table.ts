import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { READING_STATUSES } from '../../../domain/segments';
import { timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn, questionIdColumn } from '../books/books.columns';

// A book in a reader's list. One row per reader and book (a database constraint, so two
// concurrent adds make one row). Status, page and count are derived from validations and
// written in the same transaction as each validation. Removing a book from the list only
// hides the row (removed_at): validations are history, and adding the book again restores
// them, so a segment is never validated, nor paid, twice.
export const readingProgress = pgTable(
  'reading_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    status: text('status', { enum: READING_STATUSES }).notNull().default('to_read'),
    segmentsValidated: integer('segments_validated').notNull().default(0),
    currentPage: integer('current_page').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set while the book is out of the reader's list; cleared when it comes back. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * Set while the book is on the 'Abandonné' shelf (did not finish): out of the books in
     * progress, its validations kept; a new validation or 'Reprendre' clears it.
     */
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    /**
     * When an import says the reader finished the book elsewhere: their own history only. It
     * validates nothing, so the status stays derived from validations (no chat, reward or
     * count: docs/architecture.md#reading-status-and-progress).
     */
    readElsewhereAt: timestamp('read_elsewhere_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('reading_progress_user_book_unique').on(t.userId, t.bookId),
    index('reading_progress_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    // Readers of the same book, most recent first: the community's suggestions.
    index('reading_progress_book_updated_idx').on(t.bookId, t.updatedAt.desc()),
    check('reading_progress_counts', sql`${t.segmentsValidated} >= 0 and ${t.currentPage} >= 0`),
  ],
);

// One row per validated segment: the source of truth the progress row is derived from.
export const readingValidations = pgTable(
  'reading_validations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    progressId: uuid('progress_id')
      .notNull()
      .references(() => readingProgress.id, { onDelete: 'cascade' }),
    segment: integer('segment').notNull(),
    questionId: questionIdColumn('question_id', 'set null'),
    answer: text('answer'),
    usedJoker: boolean('used_joker').notNull().default(false),
    /** Wrong answers given before this validation (0: the first try; a question's figures). */
    wrongAnswers: integer('wrong_answers').notNull().default(0),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reading_validations_user_book_segment_unique').on(t.userId, t.bookId, t.segment),
    index('reading_validations_user_time_idx').on(t.userId, t.validatedAt),
    index('reading_validations_question_idx').on(t.questionId),
    check('reading_validations_segment_positive', sql`${t.segment} >= 1`),
  ],
);
