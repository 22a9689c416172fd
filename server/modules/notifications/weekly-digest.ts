import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { SEGMENT_PAGES } from '../../../domain/segments';
import { streakWithFreezes } from '../../../domain/streak-freeze';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import type { JobHandler, JobQueue, ScheduledJob } from '../jobs';
import { PARIS } from '../jobs';
import { readingSql } from '../reading';
import {
  type DigestFigures,
  type DigestMailDeps,
  digestKey,
  digestMailHandlers,
  digestMessage,
  WEEKLY_DIGEST_MAIL,
} from './digest-mail';
import type { NewNotification } from './notify';
import {
  type DaysRow,
  type DaysStatement,
  type LongDaysStatement,
  longRead,
  notifyAll,
  readersAt,
  readersDays,
  readingDaysStatement,
  STREAK_WINDOWS,
} from './streak-messages';

// The weekly digest (docs/architecture.md#live-notifications-and-chat, decision 020): on Monday
// morning, each reader who validated at least one segment last week (Monday to Sunday, their
// calendar) gets a notification with that week's segments, pages and their streak at its end, once
// per ISO week; readers who turned the e-mail on also get it by mail, one job each.

export const WEEKLY_DIGEST = 'weekly-digest';
/** Monday 08:00 Paris: the week is over everywhere, and it is there with the morning's mail. */
export const WEEKLY_DIGEST_CRON = '0 8 * * 1';

type DigestRow = {
  reader_id: string;
  week: string;
  from_day: string;
  to_day: string;
  segments: number;
  /** Wants the mail, and this run writes the week's notification (it did not exist). */
  mail: boolean;
};

// The week is the one before the reader's week at the occurrence `at` (their Monday to
// Sunday); a validation counts when its local day falls in it. One statement over every
// reader; the streak, by the statements below, only for readers active that week.
const digestStatement = preparedStatement<{ at: string }, DigestRow>(
  'notifications_weekly_digest',
  (x) => sql`with r as (${readersAt(x.at)}),
   w as (
     select r.id, r.time_zone, date_trunc('week', r.today::timestamp)::date - 7 as monday
     from r),
   c as (
     select w.id, w.time_zone, w.monday, x.segments from w
     cross join lateral (
       select count(*)::int as segments
       from (${readingSql.validationTimes({
         userId: sql`w.id`,
         since: sql`(w.monday::timestamp at time zone w.time_zone)`,
       })}) v
       where v.validated_at < ((w.monday + 7)::timestamp at time zone w.time_zone)) x
     where x.segments > 0)
   select c.id as reader_id, to_char(c.monday, 'IYYY-"W"IW') as week,
     to_char(c.monday, 'YYYY-MM-DD') as from_day, to_char(c.monday + 6, 'YYYY-MM-DD') as to_day,
     c.segments,
     coalesce(p.weekly_digest_email, false) and ${readersSql.verified(sql`c.id`)} and not exists (
       select 1 from notifications n
       where n.recipient_id = c.id and n.dedupe_key = 'week:' || to_char(c.monday, 'IYYY-"W"IW')
     ) as mail
   from c
   left join notification_preferences p on p.reader_id = c.id`,
);

// At the occurrence `at`: the streak at the end of the week (its Sunday), freezes counted as
// the streak card counts them, for readers who validated that week.
const lastSunday = sql`date_trunc('week', r.today::timestamp)::date - 1`;
const weekDays = (at: SQLWrapper, window: number, only?: SQL) =>
  readingDaysStatement({ at, day: lastSunday, window, active: [6, 0], listTo: 0, only });
const digestDays: DaysStatement = preparedStatement<{ at: string }, DaysRow>(
  'notifications_weekly_digest_days',
  (p) => weekDays(p.at, STREAK_WINDOWS.first),
);
const digestDaysLong: LongDaysStatement = preparedStatement<
  { at: string; readers: string[] },
  DaysRow
>('notifications_weekly_digest_days_long', (p) =>
  weekDays(p.at, STREAK_WINDOWS.long, longRead(p.readers)),
);

/** What a run did: notifications written, mail jobs queued. */
export type DigestRun = { notified: number; mailed: number };

type Enqueue = JobQueue['enqueue'];

/**
 * The digest for the occurrence `at`, in one transaction: the notifications (a week already
 * sent is skipped by its dedupe key) and, for readers who want it, a mail job each, queued
 * only with their week's first notification, and keyed by reader and week besides.
 */
export async function sendWeeklyDigests(db: Db, at: Date, enqueue: Enqueue): Promise<DigestRun> {
  return db.transaction(async (tx) => {
    const rows = await digestStatement(tx, { at: at.toISOString() });
    const streaks = new Map(
      (await readersDays(tx, at, digestDays, digestDaysLong)).map((row) => [
        row.reader_id,
        streakWithFreezes(row.days, row.today).current,
      ]),
    );
    const items: NewNotification[] = rows.map((row) => {
      const figures: DigestFigures = {
        week: row.week,
        from: row.from_day,
        to: row.to_day,
        segments: Number(row.segments),
        // Each validated segment is 30 pages, the app's unit (a book's last may be shorter).
        pages: Number(row.segments) * SEGMENT_PAGES,
        streak: streaks.get(row.reader_id) ?? 0,
      };
      return {
        recipientId: row.reader_id,
        type: 'weekly_digest',
        meta: { ...figures, msg: digestMessage(figures) },
        dedupeKey: digestKey(row.week),
      };
    });
    const notified = await notifyAll(tx, items);
    let mailed = 0;
    for (const row of rows.filter((r) => r.mail)) {
      const queued = await enqueue(
        tx,
        WEEKLY_DIGEST_MAIL,
        { readerId: row.reader_id, week: row.week },
        { singletonKey: `${row.reader_id}:${row.week}` },
      );
      if (queued) mailed += 1;
    }
    return { notified, mailed };
  });
}

/**
 * The digest's schedule and its mail job, for startJobWorker. `queue` gives the queue the
 * worker returns (the schedule runs only once it exists; before, a run fails and is retried).
 */
export function weeklyDigest(deps: DigestMailDeps & { queue: () => Pick<JobQueue, 'enqueue'> }): {
  schedule: ScheduledJob;
  handlers: Record<string, JobHandler>;
} {
  return {
    schedule: {
      name: WEEKLY_DIGEST,
      cron: WEEKLY_DIGEST_CRON,
      timeZone: PARIS,
      run: async ({ scheduledFor }) => {
        const { enqueue } = deps.queue();
        await sendWeeklyDigests(deps.db, scheduledFor, enqueue);
      },
    },
    handlers: digestMailHandlers(deps),
  };
}
