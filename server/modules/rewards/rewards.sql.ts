import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { readersSql } from '../auth';
import { readingSql } from '../reading';

// The rewards' SQL that other modules compose into their own single statements: the
// reader's record (read by the validation's write) and the XP ledger's insert
// (docs/architecture.md#modules), as drizzle `SQL` with named parameters (decision 039):
// arguments are SQL values (a placeholder, a column reference, another fragment).

export type RecordRow = {
  time_zone: string;
  total: number;
  completed: number;
  in_progress: number;
  days: string[] | null;
  per_day: Record<string, number> | null;
  previous_at: Date | string | null;
  held_badges: string[] | null;
  held_quests: string[] | null;
};

export type ReaderRecord = ReturnType<typeof toRecord>;

/** The record as read by recordSql. */
export function toRecord(row: RecordRow) {
  return {
    timeZone: row.time_zone,
    total: Number(row.total),
    completed: Number(row.completed),
    inProgress: Number(row.in_progress),
    days: row.days ?? [],
    perDay: row.per_day ?? {},
    previousAt: row.previous_at ? new Date(row.previous_at) : null,
    heldBadges: new Set(row.held_badges ?? []),
    heldQuests: new Set(row.held_quests ?? []),
  };
}

/**
 * A reader's record over reader `userId`, as two CTEs and a select list, shared by the reader
 * record statement and by the validation's write (which reads it before its own rows: see
 * withValidation). `previous` filters the validations the previous one is sought among.
 *
 * Days and per-day counts cover only the 32 days before `at` (the validation's time): the
 * rewards need today, this month and a streak of 7, so the cost stays that of a month of
 * reading, not of the reader's whole history (2 000 validations: 4.8 ms a read). The total
 * and the previous validation are still over everything, from the (user, time) index.
 */
export const recordSql = {
  /** Two CTEs, rec_u and rec_v: the reader's time zone and their validations of the 32 days before `at`. */
  ctes: ({
    userId,
    at,
  }: {
    userId: SQLWrapper;
    at: SQLWrapper;
  }) => sql`rec_u as (${readersSql.timeZone(userId)}),
   rec_v as (
     select r.validated_at, (r.validated_at at time zone rec_u.time_zone) as local_at
     from (${readingSql.validationTimes({ userId, since: sql`${at} - interval '32 days'` })}) r, rec_u)`,
  /** The select list of a RecordRow over the CTEs; `previous` filters the validations the previous one is sought among. */
  columns: ({
    userId,
    previous = sql`true`,
  }: {
    userId: SQLWrapper;
    previous?: SQL;
  }) => sql`rec_u.time_zone,
     ${readingSql.validationCount(userId)} as total,
     ${readingSql.booksWithStatus({ userId, status: 'completed' })} as completed,
     ${readingSql.booksWithStatus({ userId, status: 'in_progress' })} as in_progress,
     (select array_agg(distinct to_char(local_at, 'YYYY-MM-DD')) from rec_v) as days,
     (select jsonb_object_agg(m, n) from (
        select to_char(local_at, 'YYYY-MM-DD') as m, count(*)::int as n from rec_v group by 1) d) as per_day,
     ${readingSql.lastValidationAt({ userId, filter: previous })} as previous_at,
     (select array_agg(badge_slug || ':' || period) from user_badges where user_id = ${userId}) as held_badges,
     (select array_agg(quest_slug) from user_quests where user_id = ${userId}) as held_quests`,
};

/**
 * A CTE body: one XP ledger row per row of `from`, unless that source key was already paid
 * (the ledger's unique key); returns the amounts added.
 */
export const xpSql = {
  grant: (x: {
    userId: SQLWrapper;
    sourceKey: SQLWrapper;
    reason: SQLWrapper;
    amount: SQLWrapper;
    from: SQL;
  }) =>
    sql<{ amount: number }>`insert into xp_events (user_id, source_key, reason, amount)
     select ${x.userId}::uuid, ${x.sourceKey}, ${x.reason}, ${x.amount}::int from ${x.from}
     on conflict do nothing
     returning amount`,
};

/** Figures about a reader's rewards that other modules show (the community's suggestions). */
export const rewardsSql = {
  /** How many badges the reader holds (each monthly gift counts). */
  badgesCount: (userId: SQLWrapper) =>
    sql<number>`(select count(*)::int from user_badges where user_id = ${userId})`,
  /** The reader's XP: the ledger's sum (its unique key leads with the reader). */
  xpTotal: (userId: SQLWrapper) =>
    sql<number>`(select coalesce(sum(amount), 0)::int from xp_events where user_id = ${userId})`,
};
