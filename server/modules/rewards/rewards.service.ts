import { daysBetween, localTime } from '../../../domain/calendar';
import { badges, earnedRewards, quests, XP } from '../../../domain/rewards';
import type { ReadingStatus } from '../../../domain/segments';
import { computeStreaks } from '../../../domain/streaks';
import type { EarnedRewards } from '../../../domain/validation.schemas';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { xpEvents } from '../validation/validation.table';
import { userBadges, userQuests } from './rewards.table';

type Executor = Pick<Db, '_' | 'insert'>;

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

/**
 * A reader's record over reader $1, as two CTEs and a select list, shared by the statement
 * below and by the validation's write (which reads it before its own rows: see
 * withValidation). `previous` filters the validations the previous one is sought among.
 *
 * Days and per-day counts cover only the 32 days before `at` (the validation's time): the
 * rewards need today, this month and a streak of 7, so the cost stays that of a month of
 * reading, not of the reader's whole history (2 000 validations: 4.8 ms a read). The total
 * and the previous validation are still over everything, from the (user, time) index.
 */
export const recordSql = {
  ctes: (at: string) => `rec_u as (select time_zone from users where id = $1),
   rec_v as (
     select r.validated_at, (r.validated_at at time zone rec_u.time_zone) as local_at
     from reading_validations r, rec_u
     where r.user_id = $1 and r.validated_at >= ${at} - interval '32 days')`,
  columns: (previous = 'true') => `rec_u.time_zone,
     (select count(*)::int from reading_validations where user_id = $1) as total,
     (select count(*)::int from reading_progress where user_id = $1 and status = 'completed') as completed,
     (select count(*)::int from reading_progress where user_id = $1 and status = 'in_progress') as in_progress,
     (select array_agg(distinct to_char(local_at, 'YYYY-MM-DD')) from rec_v) as days,
     (select jsonb_object_agg(m, n) from (
        select to_char(local_at, 'YYYY-MM-DD') as m, count(*)::int as n from rec_v group by 1) d) as per_day,
     (select max(validated_at) from reading_validations where user_id = $1 and ${previous}) as previous_at,
     (select array_agg(badge_slug || ':' || period) from user_badges where user_id = $1) as held_badges,
     (select array_agg(quest_slug) from user_quests where user_id = $1) as held_quests`,
};

const recordStatement = preparedStatement<RecordRow>(
  'reader_record',
  `with ${recordSql.ctes('$3::timestamptz')}
   select ${recordSql.columns(`id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')`)}
   from rec_u`,
);

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
 * A reader's record in one query, as of `at`: validation count, books completed and in
 * progress, the local days they read on (for streaks) and validations per local day over
 * the month before, the validation before `excludeId` (for back_on_track), and the badges
 * ('slug:period') and quests held.
 */
export async function readRecord(executor: Executor, userId: string, at: Date, excludeId?: string) {
  const [row] = await recordStatement(executor, [userId, excludeId ?? null, at]);
  if (!row) throw new Error(`no reader ${userId}`);
  return toRecord(row);
}

/**
 * The record read just before a validation was written (same statement, so without it),
 * with that validation counted: one more, on its local day, and its book's status moved.
 */
export function withValidation(
  record: ReaderRecord,
  validation: { validatedAt: Date; statusBefore: ReadingStatus; statusAfter: ReadingStatus },
): ReaderRecord {
  const { day } = localTime(validation.validatedAt, record.timeZone);
  const moved = (status: ReadingStatus) =>
    (validation.statusAfter === status ? 1 : 0) - (validation.statusBefore === status ? 1 : 0);
  return {
    ...record,
    total: record.total + 1,
    completed: record.completed + moved('completed'),
    inProgress: record.inProgress + moved('in_progress'),
    days: record.days.includes(day) ? record.days : [...record.days, day],
    perDay: { ...record.perDay, [day]: (record.perDay[day] ?? 0) + 1 },
  };
}

/**
 * Grants, inside the validation's transaction, every badge and quest the reader has just
 * earned, each at most once (unique rows; a lost race inserts nothing), with its XP. What
 * the record shows already held is not tried again, so most validations write nothing here.
 */
export async function grantAfterValidation(
  tx: Executor,
  userId: string,
  validation: { id: string; validatedAt: Date },
): Promise<EarnedRewards> {
  const record = await readRecord(tx, userId, validation.validatedAt, validation.id);
  return grantFromRecord(tx, userId, validation, record);
}

/** As grantAfterValidation, on a record already read (validation counted, previous excluded). */
export async function grantFromRecord(
  tx: Executor,
  userId: string,
  validation: { validatedAt: Date },
  record: ReaderRecord,
): Promise<EarnedRewards> {
  const now = localTime(validation.validatedAt, record.timeZone);
  const month = now.day.slice(0, 7);
  const perDay = Object.entries(record.perDay);
  const previousDay = record.previousAt ? localTime(record.previousAt, record.timeZone).day : null;
  const earned = earnedRewards({
    localHour: now.hour,
    validationsToday: record.perDay[now.day] ?? 0,
    validationsThisMonth: perDay
      .filter(([d]) => d.startsWith(month))
      .reduce((s, [, n]) => s + n, 0),
    validationsTotal: record.total,
    booksCompleted: record.completed,
    booksInProgress: record.inProgress,
    daysSincePrevious: previousDay ? daysBetween(previousDay, now.day) : null,
    currentStreak: computeStreaks(record.days, now.day).current,
  });

  const granted: EarnedRewards = { badges: [], quests: [], monthlyGift: false, xp: 0 };
  for (const slug of earned.badges) {
    const period = slug === 'cadeau-du-mois' ? month : '';
    if (record.heldBadges.has(`${slug}:${period}`)) continue;
    const rows = await tx
      .insert(userBadges)
      .values({ userId, badgeSlug: slug, period })
      .onConflictDoNothing()
      .returning({ id: userBadges.id });
    if (rows.length === 0) continue;
    granted.badges.push({ slug, ...badges[slug] });
    if (slug === 'cadeau-du-mois') granted.monthlyGift = true;
    if (slug === 'serie-7-jours') {
      granted.xp += await addXp(tx, userId, `badge:${slug}`, 'streak_badge', XP.streakBadge);
    }
  }
  for (const slug of earned.quests) {
    if (record.heldQuests.has(slug)) continue;
    const rows = await tx
      .insert(userQuests)
      .values({ userId, questSlug: slug })
      .onConflictDoNothing()
      .returning({ id: userQuests.id });
    if (rows.length === 0) continue;
    granted.quests.push({ slug, ...quests[slug] });
    granted.xp += await addXp(tx, userId, `quest:${slug}`, 'quest', XP.quest);
  }
  return granted;
}

/** Adds a ledger row once per source key; returns the XP actually added. */
export async function addXp(
  tx: Executor,
  userId: string,
  sourceKey: string,
  reason: string,
  amount: number,
): Promise<number> {
  const rows = await tx
    .insert(xpEvents)
    .values({ userId, sourceKey, reason, amount })
    .onConflictDoNothing()
    .returning({ id: xpEvents.id });
  return rows.length > 0 ? amount : 0;
}
