import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';
import { questionIdColumn } from '../books/books.columns';

// One reviewer's verdict on a proposed question (decision 045): approve (after an edit or not)
// or reject with a reason code. Kept after the decision: it says who published what.
export const questionReviews = pgTable(
  'question_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: questionIdColumn('question_id', 'cascade').notNull(),
    reviewerId: readerIdColumn('reviewer_id', 'cascade').notNull(),
    verdict: text('verdict', { enum: ['approve', 'reject'] }).notNull(),
    reason: text('reason'),
    /** Whether the reviewer was an administrator then (one administrator's verdict decides). */
    asAdmin: boolean('as_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('question_reviews_question_reviewer_unique').on(t.questionId, t.reviewerId),
    index('question_reviews_reviewer_idx').on(t.reviewerId),
    check('question_reviews_verdict', sql`${t.verdict} in ('approve', 'reject')`),
  ],
);
