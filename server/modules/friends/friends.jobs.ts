import { sql } from 'drizzle-orm';
import { dayBefore, friendDayOf, weekOf } from '../../../domain/friends';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { communitySql } from '../community';
import { PARIS, type ScheduledJob } from '../jobs';
import { judgedSql } from './friends.sql';

// The nightly friend-streak job (decision 055): after Paris midnight, every active friend
// streak whose day that ended was not shared is judged (a freeze spent, or the streak ends),
// friend streaks across a block go, and the quest invitations of weeks gone. The occurrence
// says which day ended (decision 046), never the clock; judging a day twice changes nothing,
// so a second run of an occurrence, or an older one run late, writes nothing.

/** The schedule's (and its queue's) name. */
export const FRIEND_STREAK_CHECK = 'friend-streak-check';
/** 00:10 Paris: after the day's last validations, beside the streak messages (00:05). */
export const FRIEND_STREAK_CHECK_CRON = '10 0 * * *';
/** Rows judged per transaction: each holds its rows' locks for a few milliseconds only. */
export const JUDGE_BATCH = 5000;

const NONE = '00000000-0000-0000-0000-000000000000';

// One batch, in id order after `after` (validations lock a reader's friend streaks in id
// order too: the two never wait on each other in a cycle). A run at 0 has nothing to judge.
const judgeBatch = preparedStatement<
  { through: string; after: string; size: number },
  { last: string | null; judged: number; ended: number }
>('friends_judge_batch', (p) => {
  const judged = judgedSql('f', sql`${p.through}::date`);
  return sql`with batch as (
       select id from friend_streaks
       where id > ${p.after}::uuid and status = 'active' and current > 0
         and judged_through < ${p.through}::date
       order by id
       limit ${p.size}::int
       for update),
     judged as (
       update friend_streaks f set current = ${judged.current}, freezes = ${judged.freezes},
         judged_through = ${judged.judgedThrough}
       from batch where f.id = batch.id
       returning f.current)
     select (select id from batch order by id desc limit 1) as last, (select count(*)::int from judged) as judged,
       (select count(*)::int from judged where current = 0) as ended`;
});

// Friend streaks (and invitations) between readers of whom one blocked the other since.
const dropBlocked = preparedStatement<Record<string, never>, { n: number }>(
  'friends_drop_blocked',
  () => sql`with gone as (
       delete from friend_streaks f
       where ${communitySql.blockedBetween(sql`f.reader_a`, sql`f.reader_b`)}
       returning 1)
     select count(*)::int as n from gone`,
);

// Quest invitations of a week before `week` were never accepted: they go.
const dropStaleQuests = preparedStatement<{ week: string }, { n: number }>(
  'friends_drop_stale_quests',
  (p) => sql`with gone as (
       delete from friend_quests where status = 'pending' and week < ${p.week}::date returning 1)
     select count(*)::int as n from gone`,
);

export type FriendCheckResult = { day: string; judged: number; ended: number; dropped: number };

/**
 * The nightly job for the occurrence `at`: judges the Paris day before it (and any day a
 * missed run left) on every active friend streak not shared that day.
 */
export async function judgeFriendStreaks(
  db: Db,
  at: Date,
  batchSize = JUDGE_BATCH,
): Promise<FriendCheckResult> {
  const today = friendDayOf(at);
  const day = dayBefore(today);
  let after = NONE;
  let judged = 0;
  let ended = 0;
  for (;;) {
    const [row] = await db.transaction((tx) =>
      judgeBatch(tx, { through: day, after, size: batchSize }),
    );
    judged += Number(row?.judged ?? 0);
    ended += Number(row?.ended ?? 0);
    if (!row?.last) break;
    after = row.last;
  }
  const [blocked] = await dropBlocked(db, {});
  const [stale] = await dropStaleQuests(db, { week: weekOf(today) });
  return { day, judged, ended, dropped: Number(blocked?.n ?? 0) + Number(stale?.n ?? 0) };
}

/** The nightly schedule, in Paris time (app.ts hands it to startJobWorker). */
export function friendSchedules({ db }: { db: Db }): ScheduledJob[] {
  return [
    {
      name: FRIEND_STREAK_CHECK,
      cron: FRIEND_STREAK_CHECK_CRON,
      timeZone: PARIS,
      run: async ({ scheduledFor }) => {
        await judgeFriendStreaks(db, scheduledFor);
      },
    },
  ];
}
