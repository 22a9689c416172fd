import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';
import { questionIdColumn } from '../books/books.columns';

// « Signaler cette question »: one report per reader and question, with a reason code
// (decision 047). Three reports send a question back to review.
export const questionReports = pgTable(
  'question_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: questionIdColumn('question_id', 'cascade').notNull(),
    readerId: readerIdColumn('reader_id', 'cascade').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('question_reports_question_reader_unique').on(t.questionId, t.readerId),
    index('question_reports_reader_idx').on(t.readerId),
  ],
);
