import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';

// Friend streaks and the weekly friend quest (docs/architecture.md#friends, decision 055).

export const FRIEND_STATUSES = ['pending', 'active'] as const;

// A friend streak between two readers, one row per pair whoever invited (reader_a is the
// smaller id): 'pending' until the invited one accepts, then 'active'. Its days are Paris
// days. The state is domain/friends.ts's FriendStreakState (current, best, freezes,
// judged_through), moved by the validations of either reader (a_read_on, b_read_on: the last
// day each read since the start) and by the nightly job; a_nudged_on is the day reader_a was
// last nudged (once a day).
export const friendStreaks = pgTable(
  'friend_streaks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    readerA: readerIdColumn('reader_a', 'cascade').notNull(),
    readerB: readerIdColumn('reader_b', 'cascade').notNull(),
    invitedBy: readerIdColumn('invited_by', 'cascade').notNull(),
    status: text('status', { enum: FRIEND_STATUSES }).notNull().default('pending'),
    startedOn: date('started_on'),
    aReadOn: date('a_read_on'),
    bReadOn: date('b_read_on'),
    aNudgedOn: date('a_nudged_on'),
    bNudgedOn: date('b_nudged_on'),
    current: integer('current').notNull().default(0),
    best: integer('best').notNull().default(0),
    freezes: integer('freezes').notNull().default(0),
    judgedThrough: date('judged_through'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    unique('friend_streaks_pair_unique').on(t.readerA, t.readerB),
    index('friend_streaks_reader_b_idx').on(t.readerB),
    check('friend_streaks_pair_order', sql`${t.readerA} < ${t.readerB}`),
    check('friend_streaks_inviter', sql`${t.invitedBy} in (${t.readerA}, ${t.readerB})`),
    check(
      'friend_streaks_figures',
      sql`${t.current} >= 0 and ${t.best} >= ${t.current} and ${t.freezes} between 0 and 2`,
    ),
    check(
      'friend_streaks_started',
      sql`${t.status} = 'pending' or (${t.startedOn} is not null and ${t.judgedThrough} is not null)`,
    ),
  ],
);

// A weekly friend quest: proposed by one reader to another for the week (Monday, Paris) it
// was proposed in, active once accepted. `done` counts the segments either validated since
// then; at `target` it is completed and both earn `xp`, once (the ledger's source key
// 'friend-quest:<id>').
export const friendQuests = pgTable(
  'friend_quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    week: date('week').notNull(),
    proposerId: readerIdColumn('proposer_id', 'cascade').notNull(),
    partnerId: readerIdColumn('partner_id', 'cascade').notNull(),
    status: text('status', { enum: FRIEND_STATUSES }).notNull().default('pending'),
    target: integer('target').notNull(),
    done: integer('done').notNull().default(0),
    xp: integer('xp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('friend_quests_once').on(t.proposerId, t.partnerId, t.week),
    index('friend_quests_partner_idx').on(t.partnerId, t.week),
    check('friend_quests_not_self', sql`${t.proposerId} <> ${t.partnerId}`),
    check('friend_quests_figures', sql`${t.target} > 0 and ${t.done} between 0 and ${t.target}`),
  ],
);

// The two readers of an accepted friend quest, one row each for its week: the primary key
// makes a reader's one friend quest a week a rule of the database.
export const friendQuestMembers = pgTable(
  'friend_quest_members',
  {
    readerId: readerIdColumn('reader_id', 'cascade').notNull(),
    week: date('week').notNull(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => friendQuests.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.readerId, t.week] }),
    index('friend_quest_members_quest_idx').on(t.questId),
  ],
);
