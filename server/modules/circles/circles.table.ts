import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { timestamps } from '../../db/columns';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';

// Reading circles (docs/architecture.md#reading-circles, decision 056). A circle is its
// creator's: deleting their account deletes it, with its memberships and reminders. Its days
// are Paris calendar days (`start_day` a date, never an instant). The invitation code is random
// (16 bytes) and kept as is: the creator sees the link again and may renew it.
export const circles = pgTable(
  'circles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: readerIdColumn('creator_id', 'cascade').notNull(),
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    name: text('name').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    paceDays: integer('pace_days').notNull(),
    inviteCode: text('invite_code').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('circles_invite_code_unique').on(t.inviteCode),
    index('circles_creator_idx').on(t.creatorId),
    index('circles_book_idx').on(t.bookId),
    // The reminder's daily pass reads the open circles only.
    index('circles_open_idx').on(t.startDay).where(sql`${t.closedAt} is null`),
    check('circles_name_length', sql`char_length(${t.name}) between 3 and 60`),
    check('circles_pace', sql`${t.paceDays} between 1 and 30`),
  ],
);

// A reader in a circle. Leaving deletes the row; a member removed by the creator keeps it
// (`removed_at`), which both hides the circle from them and refuses their coming back.
export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    readerId: readerIdColumn('reader_id', 'cascade').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The member asked for the behind-the-pace reminder by e-mail too (off by default). */
    emailReminders: boolean('email_reminders').notNull().default(false),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.readerId] }),
    index('circle_members_reader_idx').on(t.readerId),
  ],
);

// A reminder sent to a member behind the pace: one per circle, member and overdue segment, so a
// second run of the daily pass (or a member who stays behind) sends nothing more.
export const circleReminders = pgTable(
  'circle_reminders',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    readerId: readerIdColumn('reader_id', 'cascade').notNull(),
    segment: integer('segment').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.readerId, t.segment] }),
    index('circle_reminders_reader_idx').on(t.readerId),
  ],
);
