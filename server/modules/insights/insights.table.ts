import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { GOAL_KINDS } from '../../../domain/insights';
import { timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';

// A reader's yearly goal, in books or in pages: one per reader and year (a database
// constraint, so two saves at once make one row). Progress is never stored: it is read from
// the reading list and the validations each time.
export const readingGoals = pgTable(
  'reading_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    year: integer('year').notNull(),
    kind: text('kind', { enum: GOAL_KINDS }).notNull(),
    target: integer('target').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('reading_goals_user_year_unique').on(t.userId, t.year),
    check('reading_goals_target_positive', sql`${t.target} > 0`),
    check('reading_goals_kind', sql`${t.kind} in ('books', 'pages')`),
  ],
);
