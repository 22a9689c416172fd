import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';

// A badge earned, at most once per reader, or once per month for the monthly gift
// (period 'YYYY-MM'; '' for the others). Uniqueness is the database's, not a read-then-write.
export const userBadges = pgTable(
  'user_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    badgeSlug: text('badge_slug').notNull(),
    period: text('period').notNull().default(''),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_badges_once').on(t.userId, t.badgeSlug, t.period),
    index('user_badges_user_earned_idx').on(t.userId, t.earnedAt),
  ],
);

export const userQuests = pgTable(
  'user_quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    questSlug: text('quest_slug').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_quests_once').on(t.userId, t.questSlug)],
);

// XP as a ledger: one row per gain with a unique source key (e.g. 'validation:<id>'), so
// a total is always a sum and a gain can never be counted twice.
export const xpEvents = pgTable(
  'xp_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn('user_id', 'cascade').notNull(),
    sourceKey: text('source_key').notNull(),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('xp_events_user_source_unique').on(t.userId, t.sourceKey)],
);
