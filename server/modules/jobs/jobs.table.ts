import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The hand-made queue of decision 013, unused since decision 017 moved the jobs to pg-boss (its
// own tables, schema `pgboss`). Kept so drizzle's schema matches the database until a migration
// drops the table.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Set while a process works on it; a crashed process's claim runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The last failure's code or class, never its message (it may quote the payload). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);
