import { daysBetween, localTime } from '../../../domain/calendar';
import { badges, earnedRewards, quests, XP } from '../../../domain/rewards';
import { computeStreaks } from '../../../domain/streaks';
import type { EarnedRewards } from '../../../domain/validation.schemas';
import type { Db } from '../../db/client';
import { preparedStatement } from '../validation/prepared-statement';
import { xpEvents } from '../validation/validation.table';
import { userBadges, userQuests } from './rewards.table';

type Executor = Pick<Db, '_' | 'insert'>;

type RecordRow = {
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

const recordStatement = preparedStatement<RecordRow>(
  'reader_record',
  `with u as (select time_zone from users where id = $1),
   v as (
     select r.id, r.validated_at, (r.validated_at at time zone u.time_zone) as local_at
     from reading_validations r, u where r.user_id = $1
   )
   select u.time_zone,
     (select count(*)::int from v) as total,
     (select count(*)::int from reading_progress where user_id = $1 and status = 'completed') as completed,
     (select count(*)::int from reading_progress where user_id = $1 and status = 'in_progress') as in_progress,
     (select array_agg(distinct to_char(local_at, 'YYYY-MM-DD')) from v) as days,
     (select jsonb_object_agg(m, n) from (
        select to_char(local_at, 'YYYY-MM-DD') as m, count(*)::int as n from v group by 1) d) as per_day,
     (select max(validated_at) from v
       where v.id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')) as previous_at,
     (select array_agg(badge_slug || ':' || period) from user_badges where user_id = $1) as held_badges,
     (select array_agg(quest_slug) from user_quests where user_id = $1) as held_quests
   from u`,
);

/**
 * A reader's record in one query: validation count, books completed and in progress, the
 * local days they read on (for streaks), validations per local day, and the validation
 * before `excludeId` (for back_on_track), and the badges ('slug:period') and quests held.
 */
export async function readRecord(executor: Executor, userId: string, excludeId?: string) {
  const [row] = await recordStatement(executor, [userId, excludeId ?? null]);
  if (!row) throw new Error(`no reader ${userId}`);
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
 * Grants, inside the validation's transaction, every badge and quest the reader has just
 * earned, each at most once (unique rows; a lost race inserts nothing), with its XP. What
 * the record shows already held is not tried again, so most validations write nothing here.
 */
export async function grantAfterValidation(
  tx: Executor,
  userId: string,
  validation: { id: string; validatedAt: Date },
): Promise<EarnedRewards> {
  const record = await readRecord(tx, userId, validation.id);
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
