import { type SQLWrapper, sql } from 'drizzle-orm';
import { NOTIFICATION_TABS, NOTIFICATIONS_LIMIT } from '../../../domain/notifications';
import type {
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesUpdate,
  UnreadCounts,
} from '../../../domain/notifications.schemas';
import type { Db } from '../../db/client';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import {
  type NotificationRow,
  notificationColumns,
  notificationJoins,
  toNotification,
} from './notification-row';

// A reader's notifications as the popover reads and marks them, and their e-mail preference.
// Every statement is scoped to the reader (readerId): nobody reads or marks another's.

// The tabs' types are constants of the domain, written into the text.
const inList = (types: readonly string[]) => sql.raw(types.map((t) => `'${t}'`).join(', '));

// The reader's unread counts per tab (the partial index notifications_unread_idx serves it).
const countsOf = (readerId: SQLWrapper) => sql`select count(*)::int as unread_all,
     (count(*) filter (where type in (${inList(NOTIFICATION_TABS.streaks)})))::int as unread_streaks,
     (count(*) filter (where type in (${inList(NOTIFICATION_TABS.social)})))::int as unread_social
   from notifications where recipient_id = ${readerId}::uuid and read_at is null`;

type CountsRow = { unread_all: number; unread_streaks: number; unread_social: number };

type Reader = { readerId: string };

const countsStatement = preparedStatement<Reader, CountsRow>('notifications_counts', (p) =>
  countsOf(p.readerId),
);

// The latest notifications, newest first, with the counts on each row (one row of counts
// and null columns when there is none).
const listStatement = preparedStatement<Reader, CountsRow & Partial<NotificationRow>>(
  'notifications_list',
  (p) => sql`with c as (${countsOf(p.readerId)})
   select c.*, l.* from c left join lateral (
     select ${notificationColumns}
     from notifications n ${notificationJoins}
     where n.recipient_id = ${p.readerId}::uuid
     order by n.created_at desc, n.id desc
     limit ${sql.raw(String(NOTIFICATIONS_LIMIT))}) l on true`,
);

// The notification `id`: read now if it is the reader's and unread.
const markOneStatement = preparedStatement<
  { readerId: string; id: string },
  { found: boolean; changed: number }
>(
  'notifications_mark_one',
  (
    p,
  ) => sql`with target as (select id, read_at from notifications where id = ${p.id}::uuid and recipient_id = ${p.readerId}::uuid),
   upd as (
     update notifications set read_at = now()
     where id = (select id from target where read_at is null) and recipient_id = ${p.readerId}::uuid
       and read_at is null
     returning 1)
   select exists (select 1 from target) as found, (select count(*)::int from upd) as changed`,
);

const markAllStatement = preparedStatement<Reader, { changed: number }>(
  'notifications_mark_all',
  (p) => sql`with upd as (
     update notifications set read_at = now()
     where recipient_id = ${p.readerId}::uuid and read_at is null
     returning 1)
   select count(*)::int as changed from upd`,
);

type PreferencesRow = { weekly_digest_email: boolean; discussion_replies: boolean };

const preferencesStatement = preparedStatement<Reader, PreferencesRow>(
  'notifications_preferences',
  (p) =>
    sql`select weekly_digest_email, discussion_replies from notification_preferences where reader_id = ${p.readerId}::uuid`,
);

// A choice left out (null) keeps its saved value, or its default on the first save.
const savePreferencesStatement = preparedStatement<
  { readerId: string; weeklyDigestEmail: boolean | null; discussionReplies: boolean | null },
  PreferencesRow
>(
  'notifications_preferences_save',
  (
    p,
  ) => sql`insert into notification_preferences (reader_id, weekly_digest_email, discussion_replies)
   values (${p.readerId}::uuid, coalesce(${p.weeklyDigestEmail}::boolean, false),
     coalesce(${p.discussionReplies}::boolean, true))
   on conflict (reader_id) do update set
     weekly_digest_email = coalesce(${p.weeklyDigestEmail}::boolean, notification_preferences.weekly_digest_email),
     discussion_replies = coalesce(${p.discussionReplies}::boolean, notification_preferences.discussion_replies),
     updated_at = now()
   returning weekly_digest_email, discussion_replies`,
);

/** The defaults when the reader has saved nothing: no e-mail, replies notified. */
const toPreferences = (row: PreferencesRow | undefined): NotificationPreferences => ({
  weeklyDigestEmail: row?.weekly_digest_email ?? false,
  discussionReplies: row?.discussion_replies ?? true,
});

const toCounts = (row: CountsRow | undefined): UnreadCounts => ({
  all: Number(row?.unread_all ?? 0),
  streaks: Number(row?.unread_streaks ?? 0),
  social: Number(row?.unread_social ?? 0),
});

export function createNotificationsRepository({ db }: { db: Db }) {
  return {
    /** The latest 100, newest first, and the unread counts per tab. */
    async list(readerId: string): Promise<NotificationList> {
      const rows = await listStatement(db, { readerId });
      return {
        items: rows.filter((r) => r.id).map((r) => toNotification(r as NotificationRow)),
        unread: toCounts(rows[0]),
      };
    },

    /** The unread counts per tab. */
    async counts(readerId: string, executor: Executor = db): Promise<UnreadCounts> {
      const [row] = await countsStatement(executor, { readerId });
      return toCounts(row);
    },

    /** Marks one of the reader's notifications read (null: not theirs, or none). */
    async markOne(
      executor: Executor,
      readerId: string,
      id: string,
    ): Promise<{ changed: boolean } | null> {
      const [row] = await markOneStatement(executor, { readerId, id });
      if (!row?.found) return null;
      return { changed: Number(row.changed) > 0 };
    },

    /** Marks all the reader's notifications read; answers how many were unread. */
    async markAll(executor: Executor, readerId: string): Promise<number> {
      const [row] = await markAllStatement(executor, { readerId });
      return Number(row?.changed ?? 0);
    },

    /** The reader's choices (no row: the defaults). */
    async preferences(readerId: string): Promise<NotificationPreferences> {
      const [row] = await preferencesStatement(db, { readerId });
      return toPreferences(row);
    },

    /** Saves the choices given, keeps the others; answers them all. */
    async savePreferences(
      readerId: string,
      preferences: NotificationPreferencesUpdate,
    ): Promise<NotificationPreferences> {
      const [row] = await savePreferencesStatement(db, {
        readerId,
        weeklyDigestEmail: preferences.weeklyDigestEmail ?? null,
        discussionReplies: preferences.discussionReplies ?? null,
      });
      return toPreferences(row);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
