import { sql } from 'drizzle-orm';
import { daysBetween, localTime } from '../../../domain/calendar';
import { QUESTION_XP } from '../../../domain/question-proposals';
import {
  type BadgeSlug,
  badges,
  earnedRewards,
  QUESTION_BADGES,
  quests,
  XP,
} from '../../../domain/rewards';
import type { ReadingStatus } from '../../../domain/segments';
import { computeStreaks } from '../../../domain/streaks';
import type { EarnedRewards } from '../../../domain/validation.schemas';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type ReaderRecord, type RecordRow, recordSql, toRecord } from './rewards.sql';
import { userBadges, userQuests, xpEvents } from './rewards.table';

type Executor = Pick<Db, '_' | 'insert'>;

/** What the grants earned; the level reached is the validation's to tell (it knows the XP). */
export type GrantedRewards = Omit<EarnedRewards, 'levelReached'>;

const recordStatement = preparedStatement<
  { userId: string; excludeId: string | null; at: Date },
  RecordRow
>(
  'reader_record',
  (p) => sql`with ${recordSql.ctes({ userId: p.userId, at: sql`${p.at}::timestamptz` })}
   select ${recordSql.columns({
     userId: p.userId,
     previous: sql`id <> coalesce(${p.excludeId}::uuid, '00000000-0000-0000-0000-000000000000')`,
   })}
   from rec_u`,
);

/**
 * A reader's record in one query, as of `at`: validation count, books completed and in
 * progress, the local days they read on (for streaks) and validations per local day over
 * the month before, the validation before `excludeId` (for back_on_track), and the badges
 * ('slug:period') and quests held.
 */
export async function readRecord(executor: Executor, userId: string, at: Date, excludeId?: string) {
  const [row] = await recordStatement(executor, { userId, excludeId: excludeId ?? null, at });
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
): Promise<GrantedRewards> {
  const record = await readRecord(tx, userId, validation.validatedAt, validation.id);
  return grantFromRecord(tx, userId, validation, record);
}

/** As grantAfterValidation, on a record already read (validation counted, previous excluded). */
export async function grantFromRecord(
  tx: Executor,
  userId: string,
  validation: { validatedAt: Date },
  record: ReaderRecord,
): Promise<GrantedRewards> {
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

  const granted: GrantedRewards = { badges: [], quests: [], monthlyGift: false, xp: 0 };
  for (const slug of earned.badges) {
    const period = badgePeriod(slug, month);
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

/**
 * The period a badge is held for: the local month ('YYYY-MM') of the validation for the
 * monthly gift, '' for the others (held once for good).
 */
export function badgePeriod(slug: string, month: string): string {
  return slug === 'cadeau-du-mois' ? month : '';
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

/**
 * What a published question earns its author (decision 045): +20 XP, the segment's XP when
 * the question counted the segment as read for them (`segmentRead`; once, as any segment's),
 * and the published-questions badges its count reaches. Returns the XP added and the badges.
 */
export async function grantPublishedQuestion(
  tx: Executor,
  authorId: string,
  q: {
    questionId: string;
    bookId: string;
    segment: number;
    segmentRead: boolean;
    published: number;
  },
): Promise<{ xp: number; badges: BadgeSlug[] }> {
  let xp = await addXp(tx, authorId, `question:${q.questionId}`, 'question', QUESTION_XP);
  if (q.segmentRead) {
    xp += await addXp(
      tx,
      authorId,
      `segment:${q.bookId}:${q.segment}`,
      'validation',
      XP.validation,
    );
  }
  const earned: BadgeSlug[] = [];
  for (const { slug, published } of QUESTION_BADGES) {
    if (q.published < published) continue;
    const rows = await tx
      .insert(userBadges)
      .values({ userId: authorId, badgeSlug: slug, period: '' })
      .onConflictDoNothing()
      .returning({ id: userBadges.id });
    if (rows.length > 0) earned.push(slug);
  }
  return { xp, badges: earned };
}

/**
 * Grants a badge held once for good (period ''), earned outside a validation: a book finished
 * with one's reading circle (decision 056). True when it is new (a unique row: a second grant,
 * or a lost race, inserts nothing).
 */
export async function grantBadge(tx: Executor, userId: string, slug: BadgeSlug): Promise<boolean> {
  const rows = await tx
    .insert(userBadges)
    .values({ userId, badgeSlug: slug, period: '' })
    .onConflictDoNothing()
    .returning({ id: userBadges.id });
  return rows.length > 0;
}
