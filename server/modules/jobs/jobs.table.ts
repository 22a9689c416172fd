import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The latest occurrence each schedule has been sent for (decision 046): the cron pass of every
// process claims an occurrence by moving it forward, so one process sends each occurrence once,
// and the job carries the occurrence it stands for.
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  lastOccurrence: timestamp('last_occurrence', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
