import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../../domain/notifications';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';

// A reader's notifications (docs/architecture.md#live-notifications-and-chat). Written by the
// server only, once per event: the unique (recipient, dedupe_key) turns a second write of one event
// into nothing. actor_id is who caused it (null for the streak and digest messages, or once the
// actor is gone).
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: readerIdColumn('recipient_id', 'cascade').notNull(),
    actorId: readerIdColumn('actor_id', 'set null'),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    bookId: bookIdColumn('book_id', 'cascade'),
    meta: jsonb('meta').notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_recipient_dedupe_unique').on(t.recipientId, t.dedupeKey),
    index('notifications_recipient_time_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.recipientId, t.type).where(sql`${t.readAt} is null`),
  ],
);

// What a reader chose to receive (beyond the spec): the weekly digest by e-mail, off until they
// turn it on; a notification when someone replies to their post in a segment's discussion, on
// until they turn it off. No row means the defaults.
export const notificationPreferences = pgTable('notification_preferences', {
  readerId: readerIdColumn('reader_id', 'cascade').primaryKey(),
  weeklyDigestEmail: boolean('weekly_digest_email').notNull().default(false),
  discussionReplies: boolean('discussion_replies').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
