import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_KINDS } from '../../../domain/community';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';

// Who follows whom. One row per pair (the primary key), never oneself (a check), and
// never between readers who blocked each other (the follow and block statements take the
// same per-pair lock: community.repository.ts).
export const follows = pgTable(
  'follows',
  {
    followerId: readerIdColumn('follower_id', 'cascade').notNull(),
    followingId: readerIdColumn('following_id', 'cascade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    index('follows_follower_time_idx').on(t.followerId, t.createdAt.desc()),
    index('follows_following_time_idx').on(t.followingId, t.createdAt.desc()),
    check('follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

// A reader who blocked another: neither sees the other in feeds, suggestions, follow lists
// or chat, and neither can follow the other.
export const blocks = pgTable(
  'blocks',
  {
    blockerId: readerIdColumn('blocker_id', 'cascade').notNull(),
    blockedId: readerIdColumn('blocked_id', 'cascade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

// The feed's lines: a reader finished a book, a reader earned a badge. Written in the
// transaction that makes it true (a validation), once per source (the unique key, e.g.
// 'finished:<book id>' or 'badge:<slug>:<period>'). likes_count is kept by a trigger on
// activity_likes (migration 0028), so it equals their count whatever adds or removes one.
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: readerIdColumn('actor_id', 'cascade').notNull(),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    sourceKey: text('source_key').notNull(),
    bookId: bookIdColumn('book_id', 'cascade'),
    badgeSlug: text('badge_slug'),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('activities_actor_source_unique').on(t.actorId, t.sourceKey),
    index('activities_actor_time_idx').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('activities_time_idx').on(t.createdAt.desc(), t.id.desc()),
    check('activities_likes_count', sql`${t.likesCount} >= 0`),
    check(
      'activities_kind_subject',
      sql`(${t.kind} = 'finished' and ${t.bookId} is not null) or (${t.kind} = 'badge' and ${t.badgeSlug} is not null)`,
    ),
  ],
);

// A Booky: at most one per activity and reader (the primary key).
export const activityLikes = pgTable(
  'activity_likes',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    likerId: readerIdColumn('liker_id', 'cascade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.likerId] }),
    index('activity_likes_liker_idx').on(t.likerId),
  ],
);
