import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { FRIEND_DAY_ZONE } from '../../../domain/friends';
import { FREEZE_EVERY_DAYS, MAX_FREEZES } from '../../../domain/streak-freeze';
import { xpSql } from '../rewards';

// The friend streaks' rules in SQL (domain/friends.ts in statements): judging missed days and
// counting a shared day, over a friend_streaks row, for the validation's write and the nightly
// job. friends.sql.test.ts checks them against the domain's functions on both engines.

// A constant of the code, written into the text (never a reader's input).
const zone = sql.raw(`'${FRIEND_DAY_ZONE}'`);

/** The Paris day (a date) of an instant (a timestamptz). */
export const parisDaySql = (at: SQLWrapper) => sql`((${at}) at time zone ${zone})::date`;

/** The start of a Paris day (a date), as a timestamptz. */
export const parisDayStartSql = (day: SQLWrapper) =>
  sql`((${day})::timestamp at time zone ${zone})`;

/** The Monday (a date) of the week of a day (a date). */
export const weekSql = (day: SQLWrapper) =>
  sql`((${day}) - (extract(isodow from (${day}))::int - 1))`;

type Figures = { current: SQL; freezes: SQL; judgedThrough: SQL };

/**
 * domain/friends.ts judgeMissed over the row alias `r`: the days after r.judged_through up to
 * `through` (a date) judged missed.
 */
export function judgedSql(r: string, through: SQL): Figures {
  const row = sql.identifier(r);
  const missed = sql`(${through} - ${row}.judged_through)`;
  const none = sql`(${missed} <= 0 or ${row}.current = 0)`;
  return {
    current: sql`case when ${none} or ${missed} <= ${row}.freezes then ${row}.current else 0 end`,
    freezes: sql`case when ${none} then ${row}.freezes when ${missed} <= ${row}.freezes
      then ${row}.freezes - ${missed} else 0 end`,
    judgedThrough: sql`greatest(${row}.judged_through, ${through})`,
  };
}

/** domain/friends.ts shareDay over the row alias `r`, for a day (a date) after r.judged_through. */
export function sharedSql(r: string, day: SQL): Figures & { best: SQL } {
  const row = sql.identifier(r);
  const before = judgedSql(r, sql`(${day} - 1)`);
  const next = sql`(${before.current} + 1)`;
  return {
    current: next,
    best: sql`greatest(${row}.best, ${next})`,
    freezes: sql`least(${sql.raw(String(MAX_FREEZES))}, ${before.freezes}
      + case when ${next} % ${sql.raw(String(FREEZE_EVERY_DAYS))} = 0 then 1 else 0 end)`,
    judgedThrough: day,
  };
}

/**
 * The friend streaks' and friend quest's share of a validation, as CTEs (fr_*) to compose into
 * the statement that writes it (validation.repository.ts, decision 009's one round trip):
 * `validations` names a CTE with the validation's `validated_at` (no row: nothing happens).
 *
 * - Each active friend streak of the reader, locked in id order (a friend validating at the
 *   same moment waits, then reads this one's row: neither misses the other), records the day
 *   the reader read; when the friend read that day too, the day is shared (sharedSql).
 * - The reader's friend quest of the week, if active and not yet met, counts one more
 *   segment (one validated since it was accepted); the one that meets it pays both readers its XP, once (source key
 *   'friend-quest:<id>').
 */
export const friendsSql = {
  afterValidation: ({ readerId, validations }: { readerId: SQLWrapper; validations: SQL }) => {
    const theirDay = sql`case when f.reader_a = ${readerId} then f.b_read_on else f.a_read_on end`;
    const shared = sql`(${theirDay} = d.day and f.judged_through < d.day)`;
    const next = sharedSql('f', sql`d.day`);
    const paid = (userId: SQLWrapper) =>
      xpSql.grant({
        userId,
        sourceKey: sql`'friend-quest:' || fr_quest.id`,
        reason: sql`'friend_quest'`,
        amount: sql`fr_quest.xp`,
        from: sql`fr_quest where fr_quest.completed_at is not null`,
      });
    return sql`fr_day as (
       select ${parisDaySql(sql`validated_at`)} as day, validated_at as at from ${validations}),
     fr_lock as (
       select f.id from friend_streaks f
       where (f.reader_a = ${readerId} or f.reader_b = ${readerId}) and f.status = 'active'
         and exists (select 1 from fr_day)
       order by f.id
       for update),
     fr_streak as (
       update friend_streaks f set
         a_read_on = case when f.reader_a = ${readerId} then greatest(f.a_read_on, d.day) else f.a_read_on end,
         b_read_on = case when f.reader_b = ${readerId} then greatest(f.b_read_on, d.day) else f.b_read_on end,
         current = case when ${shared} then ${next.current} else f.current end,
         best = case when ${shared} then ${next.best} else f.best end,
         freezes = case when ${shared} then ${next.freezes} else f.freezes end,
         judged_through = case when ${shared} then ${next.judgedThrough} else f.judged_through end
       from fr_lock l, fr_day d
       where f.id = l.id
       returning f.id),
     fr_quest as (
       update friend_quests q set done = q.done + 1,
         completed_at = case when q.done + 1 >= q.target then d.at end
       from friend_quest_members m, fr_day d
       where m.reader_id = ${readerId} and m.week = ${weekSql(sql`d.day`)} and q.id = m.quest_id
         and q.status = 'active' and q.completed_at is null and d.at >= q.accepted_at
       returning q.id, q.xp, q.completed_at,
         case when q.proposer_id = ${readerId} then q.partner_id else q.proposer_id end as partner_id),
     fr_xp_me as (${paid(readerId)}),
     fr_xp_partner as (${paid(sql`fr_quest.partner_id`)})`;
  },

  /**
   * The select list over afterValidation's CTEs: `friend_xp`, the XP the reader earned by
   * meeting a friend quest, and `friend_quest` ({ id, partnerId, xp } as JSON), the quest met.
   */
  afterValidationColumns: () =>
    sql`coalesce((select sum(amount) from fr_xp_me), 0)::int as friend_xp,
     (select json_build_object('id', id, 'partnerId', partner_id, 'xp', xp)
        from fr_quest where completed_at is not null limit 1) as friend_quest`,
};

/** What afterValidationColumns read: the reader's friend-quest XP and the quest just met. */
export type FriendColumns = {
  friend_xp: number;
  friend_quest: { id: string; partnerId: string; xp: number } | string | null;
};
