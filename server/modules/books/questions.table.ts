import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { books } from './books.table';

// One one-word question per segment of a book. The answer never leaves the server except in
// the response of a joker just spent on that segment.
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
    ...timestamps,
  },
  (t) => [
    unique('reading_questions_book_segment_unique').on(t.bookId, t.segment),
    check('reading_questions_segment_positive', sql`${t.segment} >= 1`),
  ],
);
