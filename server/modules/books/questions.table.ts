import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';
import { books } from './books.table';

/** Where a question stands: only approved ones are asked (decision 045). */
export const questionStatuses = ['pending', 'approved', 'rejected'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

// One-word questions on the segments of a book. A segment's approved questions are its pool:
// each reader is asked one of them (decision 045). A question a reader proposes waits
// `pending` for review. The answer never leaves the server except in the response of a joker
// just spent on that segment, or to the author and eligible reviewers of a pending question.
export const readingQuestions = pgTable(
  'reading_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    segment: integer('segment').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    status: text('status', { enum: questionStatuses }).notNull().default('approved'),
    /** The reader who proposed it; null for the back office's questions. */
    authorId: readerIdColumn('author_id', 'set null'),
    /** Where in the segment it is answered (a chapter, pages), as the author wrote it. */
    location: text('location'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The reason code of a rejection (domain/question-review.ts). */
    rejectionReason: text('rejection_reason'),
    ...timestamps,
  },
  (t) => [
    index('reading_questions_book_segment_idx').on(t.bookId, t.segment),
    index('reading_questions_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('reading_questions_author_idx').on(t.authorId),
    check('reading_questions_segment_positive', sql`${t.segment} >= 1`),
    check('reading_questions_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
