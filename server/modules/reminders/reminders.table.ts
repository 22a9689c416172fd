import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';

// Web Push reminders (docs/architecture.md#reminders-and-the-offline-app, decision 032).

// A reader's daily reminder: on or off, the hour among 18:00–22:00 and the time zone of
// the device that set it (their evening, wherever they are). `last_sent_on` is the local day
// of the last reminder: the schedule claims a day once, however many times it runs.
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    readerId: readerIdColumn('reader_id', 'cascade').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    time: text('time').notNull().default('20:00'),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    lastSentOn: date('last_sent_on'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check(
      'reminder_settings_time_check',
      sql`${t.time} in ('18:00', '19:00', '20:00', '21:00', '22:00')`,
    ),
    index('reminder_settings_enabled_idx').on(t.time).where(sql`${t.enabled}`),
  ],
);

// One row per browser that accepted notifications (its push service's endpoint and the keys
// the message is encrypted for). An endpoint belongs to the last reader who subscribed with it.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    readerId: readerIdColumn('reader_id', 'cascade').notNull(),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_reader_idx').on(t.readerId)],
);
