import { uuid } from 'drizzle-orm/pg-core';
import { books } from './books.table';
import { readingQuestions } from './questions.table';

// A book's or a question's id in another module's table, with its foreign key: the owner of
// `books` and `reading_questions` gives the column, so no other module imports their table
// files (one owner per table).

/** What becomes of the row when its book or question is deleted. */
export type OnBookDeleted = 'cascade' | 'set null';

export const bookIdColumn = (name: string, onDelete: OnBookDeleted) =>
  uuid(name).references(() => books.id, { onDelete });

export const questionIdColumn = (name: string, onDelete: OnBookDeleted) =>
  uuid(name).references(() => readingQuestions.id, { onDelete });
