import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { daysBetween } from '../../../domain/calendar';
import type { NotificationType } from '../../../domain/notifications';
import { MAX_FREEZES, streakWithFreezes } from '../../../domain/streak-freeze';
import type { Db } from '../../db/client';
import { type Executor, preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth';
import type { ScheduledJob } from '../jobs';
import { PARIS } from '../jobs';
import { readingSql } from '../reading';
import { type NewNotification, notify } from './notify';

// The streak messages (docs/architecture.md#live-notifications-and-chat, decision 020): in the
// evening a nudge to readers whose streak is alive but who have not validated today; just after
// Paris midnight, for the day that ended, 'kept' to readers who validated it (streak of 2 days or
// more) and 'lost' to readers whose streak ended with it. Streaks count freezes as the streak card
// does (domain/streak-freeze.ts): a day a freeze was spent on is neither kept nor lost. Each
// schedule reads the recent readers and their reading days in one statement (a second, over a
// longer window, for the few whose streak may be longer), from the occurrence's instant (never the
// clock), then one notify() per thousand readers; the dedupe keys (one per reader and day) make a
// second run of an occurrence write nothing.

/** Names of the schedules (and of their pg-boss queues). */
export const STREAK_NUDGE = 'streak-nudge';
export const STREAK_CHECK = 'streak-check';

/**
 * 19:00 Paris: late enough that most readers who read that day already have, early enough to
 * read a segment before bed (the spec's own reminder defaults to 20:00: the nudge comes first).
 */
export const STREAK_NUDGE_CRON = '0 19 * * *';
/** 00:05 Paris: the day has ended everywhere in France, with a margin for late validations. */
export const STREAK_CHECK_CRON = '5 0 * * *';

/**
 * Days of validations read back to measure a streak: first a month (most streaks are
 * shorter, and it reads 10 times fewer rows than a year of history), then, for the few runs
 * that may go beyond it, this many. A longer streak reads as this many.
 */
export const STREAK_WINDOW_DAYS = 400;
const FIRST_WINDOW_DAYS = 32;

/** notify() items per statement: a few hundred kB of JSON each. */
export const NOTIFY_CHUNK = 1000;

// SQL fragments over a reader row `r` with `id`, `time_zone` and `today` (a date). A reader's
// day is a calendar day in their own time zone (users.time_zone, Europe/Paris by default), as
// their streak counts it everywhere else (decision 006).

/**
 * Every reader, with `today`: their calendar day at the instant `at` (a timestamptz value).
 * The join's own condition always holds: it lists readers through the auth module's join.
 */
export const readersAt = (at: SQLWrapper) => sql`select u.id, u.time_zone,
    (${at}::timestamptz at time zone u.time_zone)::date as today
  from (values (0)) as every_reader(x)
  join ${readersSql.join({ alias: 'u', id: sql`u.id` })}`;

/** A count of days from the code, written into the text (`date - integer`). */
const days = (n: number) => sql.raw(String(Math.trunc(n)));

/** Start of local day `day` (an SQL date) of reader `r`, as a timestamptz. */
const dayStart = (r: SQL, day: SQL) => sql`((${day})::timestamp at time zone ${r}.time_zone)`;

/**
 * Rows `d` (a date): the distinct local days reader `r` validated on, from day `since` on
 * (through day `through` when given). The bounds are instants computed once per reader: a
 * time zone conversion per row is what these statements spend most on.
 */
export const daysSince = (r: SQL, since: SQL, through?: SQL) =>
  sql`select distinct (v.validated_at at time zone ${r}.time_zone)::date as d
   from (${readingSql.validationTimes({ userId: sql`${r}.id`, since: dayStart(r, since) })}) v
   ${through ? sql`where v.validated_at < ${dayStart(r, sql`${through} + 1`)}` : sql``}`;

type StreakRow = { reader_id: string; day: string; streak: number };

/** A reader with recent reading days: their day at the occurrence and their reading days. */
export type DaysRow = { reader_id: string; today: string; window_start: string; days: string[] };

/**
 * Readers with their reading days, for the streak as the streak card counts it (freezes
 * included, domain/streak-freeze.ts), at the instant `at`. `day` is the reader's day that
 * counts (SQL over a reader row `r`), shown as `today`; candidates validated from
 * `day - active[0]` through `day - active[1]`; their reading days (local, 'YYYY-MM-DD',
 * sorted) are listed from `day - window` through `day - listTo`. `only` narrows the readers
 * (SQL over `r`).
 */
export const readingDaysStatement = (o: {
  at: SQLWrapper;
  day: SQL;
  window: number;
  active: readonly [number, number];
  listTo: number;
  only?: SQL;
}) =>
  sql`with r as (${readersAt(o.at)}),
   c as (select r.id, r.time_zone, ${o.day} as today from r ${o.only ? sql`where ${o.only}` : sql``})
   select c.id as reader_id, to_char(c.today, 'YYYY-MM-DD') as today,
     to_char(c.today - ${days(o.window)}, 'YYYY-MM-DD') as window_start,
     array(select to_char(s.d, 'YYYY-MM-DD')
       from (${daysSince(sql`c`, sql`c.today - ${days(o.window)}`, sql`c.today - ${days(o.listTo)}`)}) s order by s.d) as days
   from c
   where exists (${daysSince(sql`c`, sql`c.today - ${days(o.active[0])}`, sql`c.today - ${days(o.active[1])}`)})`;

/** Readers whose streak is read again over the long window (`readers`, their ids). */
export const longRead = (readers: SQLWrapper) => sql`r.id = any(${readers}::uuid[])`;
/** The windows a streak is read over: most streaks fit the first. */
export const STREAK_WINDOWS = { first: FIRST_WINDOW_DAYS, long: STREAK_WINDOW_DAYS } as const;

/** The readers' days at the occurrence `at` (an ISO instant), over the first window. */
export type DaysStatement = (executor: Executor, params: { at: string }) => Promise<DaysRow[]>;
/** The same over the long window, for the `readers` given. */
export type LongDaysStatement = (
  executor: Executor,
  params: { at: string; readers: string[] },
) => Promise<DaysRow[]>;

// At the occurrence. Candidates validated yesterday or up to MAX_FREEZES days before it (a
// streak alive, maybe kept by freezes). The nudge reads today too (a reader who read today
// is not nudged); the check stops at the day it checks (a validation at 00:02 is the next's).
const recent = (at: SQLWrapper, window: number, listTo: number, only?: SQL) =>
  readingDaysStatement({
    at,
    day: sql`r.today`,
    window,
    active: [MAX_FREEZES + 2, 1],
    listTo,
    only,
  });
const nudgeDays: DaysStatement = preparedStatement<{ at: string }, DaysRow>(
  'notifications_streak_nudge_days',
  (p) => recent(p.at, FIRST_WINDOW_DAYS, 0),
);
const checkDays: DaysStatement = preparedStatement<{ at: string }, DaysRow>(
  'notifications_streak_check_days',
  (p) => recent(p.at, FIRST_WINDOW_DAYS, 1),
);
const nudgeDaysLong: LongDaysStatement = preparedStatement<
  { at: string; readers: string[] },
  DaysRow
>('notifications_streak_nudge_days_long', (p) =>
  recent(p.at, STREAK_WINDOW_DAYS, 0, longRead(p.readers)),
);
const checkDaysLong: LongDaysStatement = preparedStatement<
  { at: string; readers: string[] },
  DaysRow
>('notifications_streak_check_days_long', (p) =>
  recent(p.at, STREAK_WINDOW_DAYS, 1, longRead(p.readers)),
);

/**
 * The readers' rows, read over the first window, then again over the long one for those
 * whose first day read is so close to the window's start that the streak (or the freezes it
 * earned) may go back further. A longer streak reads as STREAK_WINDOW_DAYS.
 */
export async function readersDays(
  tx: Parameters<typeof notify>[0],
  at: Date,
  first: DaysStatement,
  long: LongDaysStatement,
): Promise<DaysRow[]> {
  const rows = await first(tx, { at: at.toISOString() });
  const again = rows
    .filter((row) => row.days[0] && daysBetween(row.window_start, row.days[0]) <= MAX_FREEZES)
    .map((row) => row.reader_id);
  if (again.length === 0) return rows;
  const longer = new Map(
    (await long(tx, { at: at.toISOString(), readers: again })).map((row) => [row.reader_id, row]),
  );
  return rows.map((row) => longer.get(row.reader_id) ?? row);
}

/** The day before a 'YYYY-MM-DD' day. */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The nudge's row for a reader: a streak alive (freezes count), nothing validated today. */
function nudgeFor(row: DaysRow): StreakRow | null {
  if (row.days.includes(row.today)) return null;
  const streak = streakWithFreezes(row.days, row.today).current;
  return streak > 0 ? { reader_id: row.reader_id, day: row.today, streak } : null;
}

/**
 * The check's row for the day that ended (the reader's yesterday): kept when they read it
 * and their streak is 2 days or more; lost when their streak was alive that day and no
 * freeze kept it through; nothing when a freeze was spent on it (the streak goes on).
 */
function checkFor(row: DaysRow): (StreakRow & { kept: boolean }) | null {
  const day = dayBefore(row.today);
  const now = streakWithFreezes(row.days, row.today).current;
  if (row.days.includes(day)) {
    return now >= 2 ? { reader_id: row.reader_id, day, streak: now, kept: true } : null;
  }
  const before = streakWithFreezes(row.days, day).current;
  return before > 0 && now === 0
    ? { reader_id: row.reader_id, day, streak: before, kept: false }
    : null;
}

/** Writes the notifications by chunks, in the caller's transaction; how many were new. */
export async function notifyAll(tx: Parameters<typeof notify>[0], items: NewNotification[]) {
  let written = 0;
  for (let i = 0; i < items.length; i += NOTIFY_CHUNK) {
    written += await notify(tx, items.slice(i, i + NOTIFY_CHUNK));
  }
  return written;
}

const streakItem = (type: NotificationType, prefix: string, row: StreakRow): NewNotification => ({
  recipientId: row.reader_id,
  type,
  // No `msg`: the client shows the spec's text for the type.
  meta: { day: row.day, streak: Number(row.streak) },
  dedupeKey: `${prefix}:${row.day}`,
});

/** The evening nudge for the occurrence `at`; answers how many notifications were new. */
export async function sendStreakNudges(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = (await readersDays(tx, at, nudgeDays, nudgeDaysLong)).map(nudgeFor);
    return notifyAll(
      tx,
      rows.filter((row) => row !== null).map((row) => streakItem('streak_nudge', 'nudge', row)),
    );
  });
}

/** The after-midnight check for the occurrence `at` (kept and lost); how many were new. */
export async function sendStreakChecks(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = (await readersDays(tx, at, checkDays, checkDaysLong)).map(checkFor);
    return notifyAll(
      tx,
      rows
        .filter((row) => row !== null)
        .map((row) =>
          row.kept
            ? streakItem('streak_kept', 'kept', row)
            : streakItem('streak_lost', 'lost', row),
        ),
    );
  });
}

/** The two streak schedules, in Paris time (app.ts hands them to startJobWorker). */
export function streakSchedules({ db }: { db: Db }): ScheduledJob[] {
  return [
    {
      name: STREAK_NUDGE,
      cron: STREAK_NUDGE_CRON,
      timeZone: PARIS,
      run: async ({ scheduledFor }) => {
        await sendStreakNudges(db, scheduledFor);
      },
    },
    {
      name: STREAK_CHECK,
      cron: STREAK_CHECK_CRON,
      timeZone: PARIS,
      run: async ({ scheduledFor }) => {
        await sendStreakChecks(db, scheduledFor);
      },
    },
  ];
}
