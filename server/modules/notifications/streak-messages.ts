import type { NotificationType } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { readersSql } from '../auth/auth.sql';
import type { ScheduledJob } from '../jobs/jobs.worker';
import { PARIS } from '../jobs/schedule-instant';
import { readingSql } from '../reading/reading.sql';
import { type NewNotification, notify } from './notify';

// The streak messages (spec 000 §3, §9; decision 020): in the evening a nudge to readers
// whose streak is alive but who have not validated today; just after Paris midnight, for
// the day that ended, 'kept' to readers who validated it (streak of 2 days or more) and
// 'lost' to readers whose streak ended with the day before it. Each schedule is one
// set-based statement over every reader, computed from the occurrence's instant (never the
// clock), then one notify() per thousand readers; the dedupe keys (one per reader and day)
// make a second run of an occurrence write nothing.

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
 * Every reader, with `today`: their calendar day at the instant `at` (an SQL timestamptz).
 * The join's own condition always holds: it lists readers through the auth module's join.
 */
export const readersAt = (at: string) => `select u.id, u.time_zone,
    (${at}::timestamptz at time zone u.time_zone)::date as today
  from (values (0)) as every_reader(x)
  join ${readersSql.join({ alias: 'u', id: 'u.id' })}`;

/** Start of local day `day` (an SQL date) of reader `r`, as a timestamptz. */
const dayStart = (r: string, day: string) => `((${day})::timestamp at time zone ${r}.time_zone)`;

/**
 * Rows `d` (a date): the distinct local days reader `r` validated on, from day `since` on
 * (through day `through` when given). The bounds are instants computed once per reader: a
 * time zone conversion per row is what these statements spend most on.
 */
export const daysSince = (r: string, since: string, through?: string) =>
  `select distinct (v.validated_at at time zone ${r}.time_zone)::date as d
   from (${readingSql.validationTimes({ userId: `${r}.id`, since: dayStart(r, since) })}) v
   ${through ? `where v.validated_at < ${dayStart(r, `${through} + 1`)}` : ''}`;

/** The run through `day` (see streakThrough) among the days from `day` − `window` on. */
const runThrough = (r: string, day: string, window: number) => `(select count(*)::int from (
    select s.d, (row_number() over (order by s.d desc) - 1)::int as k, max(s.d) over () as last
    from (${daysSince(r, `${day} - ${window}`, day)}) s) t
  where t.last >= ${day} - 1 and t.d = t.last - t.k)`;

/**
 * Reader `r`'s streak as it stands at the end of local day `day` (an SQL date): the run of
 * consecutive reading days ending on their last reading day up to `day`, if that is `day` or
 * the day before (computeStreaks in domain/streaks.ts), else 0. Gaps and islands: counting
 * back from the last day, the k-th latest day belongs to the run while it is last − k. A run
 * shorter than the first window minus one day starts inside it (the day before its start is
 * in the window, unread): it is exact; a longer one is counted again over the long window.
 * (`offset 0` keeps the first count a subquery: inlined, the case would run it twice.)
 */
export const streakThrough = (r: string, day: string) => `(select case
    when first.n < ${FIRST_WINDOW_DAYS - 1} then first.n
    else ${runThrough(r, day, STREAK_WINDOW_DAYS)} end
  from (select ${runThrough(r, day, FIRST_WINDOW_DAYS)} as n offset 0) first)`;

type StreakRow = { reader_id: string; day: string; streak: number };

// $1 the occurrence. Readers who validated yesterday (so their streak is alive) and not today.
const nudgeStatement = preparedStatement<StreakRow>(
  'notifications_streak_nudge',
  `with r as (${readersAt('$1')}),
   c as (
     select r.id, r.time_zone, r.today from r
     cross join lateral (
       select bool_or(s.d = r.today - 1) as yesterday, bool_or(s.d = r.today) as read_today
       from (${daysSince('r', 'r.today - 1')}) s) x
     where x.yesterday and not x.read_today)
   select c.id as reader_id, to_char(c.today, 'YYYY-MM-DD') as day,
     ${streakThrough('c', 'c.today - 1')} as streak
   from c`,
);

type CheckRow = StreakRow & { kept: boolean };

// $1 the occurrence; the day checked is the reader's day before it ("yesterday"). Readers who
// validated the day before yesterday: kept if they validated yesterday too (a streak of 2
// days or more), lost otherwise (their streak ended at midnight). The others get nothing.
const checkStatement = preparedStatement<CheckRow>(
  'notifications_streak_check',
  `with r as (${readersAt('$1')}),
   c as (
     select r.id, r.time_zone, r.today, x.kept from r
     cross join lateral (
       select bool_or(s.d = r.today - 1) as kept, bool_or(s.d = r.today - 2) as before
       from (${daysSince('r', 'r.today - 2')}) s) x
     where x.before)
   select c.id as reader_id, to_char(c.today - 1, 'YYYY-MM-DD') as day, c.kept,
     case when c.kept then ${streakThrough('c', 'c.today - 1')}
          else ${streakThrough('c', 'c.today - 2')} end as streak
   from c`,
);

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
  // No `msg`: the client shows the spec's text for the type (spec 000 §9).
  meta: { day: row.day, streak: Number(row.streak) },
  dedupeKey: `${prefix}:${row.day}`,
});

/** The evening nudge for the occurrence `at`; answers how many notifications were new. */
export async function sendStreakNudges(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await nudgeStatement(tx, [at.toISOString()]);
    return notifyAll(
      tx,
      rows.map((row) => streakItem('streak_nudge', 'nudge', row)),
    );
  });
}

/** The after-midnight check for the occurrence `at` (kept and lost); how many were new. */
export async function sendStreakChecks(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await checkStatement(tx, [at.toISOString()]);
    return notifyAll(
      tx,
      rows.map((row) =>
        row.kept ? streakItem('streak_kept', 'kept', row) : streakItem('streak_lost', 'lost', row),
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
