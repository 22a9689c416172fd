import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window counters shared by every server process (so limits hold behind a load
// balancer). Keys look like 'sign-in:ip:203.0.113.7' or 'sign-in:email:a@b.fr'.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
