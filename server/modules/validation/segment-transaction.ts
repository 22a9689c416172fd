import { localTime } from '../../../domain/calendar';
import { levelReached } from '../../../domain/levels';
import { validationMessages as m } from '../../../domain/messages/validation';
import { XP } from '../../../domain/rewards';
import { pagesRead, readingStatus } from '../../../domain/segments';
import type { ValidatedResult } from '../../../domain/validation.schemas';
import type { Db } from '../../db/client';
import { AppError, type ErrorCode } from '../../errors';
import { recordActivities } from '../community';
import { tellFriendQuestMet } from '../friends';
import type { RateLimitRule, RateLimitsRepository } from '../rate-limits';
import { purgeNowAndThen, rateLimitedError } from '../rate-limits';
import { toProgressView } from '../reading';
import { badgePeriod, grantFromRecord, withValidation } from '../rewards';
import { type SegmentSnapshot, validationRepository } from './validation.repository';

// The steps an answer and a joker share: one transaction that counts the request's
// rate-limit hit, locks the reader's progress row, decides, and writes (decision 009).

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the validation use cases need from the app. */
export type ValidationDeps = { db: Db; rateLimits: RateLimitsRepository; lockMinutes: number };

/** One reader's request on one segment of one book. */
export type SegmentRequest = { userId: string; bookId: string; segment: number };

/** The request's rate-limit hit, counted by its transaction's first statement. */
export type Limit = { key: string; rule: RateLimitRule };

type Ids = { userId: string; bookId: string };

export type Locked = SegmentSnapshot & { progress: NonNullable<SegmentSnapshot['progress']> };

export type LockRequest = {
  limit: Limit | null;
  /** Runs on the book before any row is created (e.g. a book without jokers). */
  checkBook?: (book: SegmentSnapshot['book']) => void;
};

/** Throws the domain's refusal, if any, as the API error the reader sees. */
export function refuse(
  refusal: { code: ErrorCode; message: string; lockedUntil?: string } | null,
): void {
  if (!refusal) return;
  const { code, message, ...details } = refusal;
  throw new AppError(code, message, 'lockedUntil' in refusal ? details : undefined);
}

/**
 * Runs `work`, a transaction whose first statement counts the request's rate-limit hit.
 * When it fails, its transaction and so its hit are rolled back: the hit is counted again
 * on its own, so every request counts once (a refused one too), as before any other check.
 */
export async function countedOnce<T>({
  rateLimits,
  limit,
  work,
}: {
  rateLimits: RateLimitsRepository;
  limit: Limit;
  work: () => Promise<T>;
}): Promise<T> {
  try {
    const result = await work();
    await purgeNowAndThen(rateLimits);
    return result;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) {
      await rateLimits.hit(limit.key, limit.rule).catch(() => {});
    }
    throw error;
  }
}

/**
 * Locks the reader's progress row, creating it if needed, and reads the segment's state in
 * the same statement, the first of which counts `request.limit` (then cleared, so a second
 * read counts nothing).
 */
async function lockSegment(
  tx: Tx,
  ids: Ids,
  segment: number,
  request: LockRequest,
): Promise<Locked> {
  for (let round = 0; round < 3; round++) {
    const limit = request.limit;
    request.limit = null;
    const hitKey = limit && { key: limit.key, windowMs: limit.rule.windowMs };
    const { hit, snapshot } = await validationRepository.lockSegment(tx, ids, segment, hitKey);
    if (limit && hit && hit.count > limit.rule.limit) throw rateLimitedError(hit.retryAfterMs);
    if (!snapshot?.book.isPublished) throw new AppError('NOT_FOUND', m.bookLoadError);
    request.checkBook?.(snapshot.book);
    if (snapshot.progress) return snapshot as Locked;
    await validationRepository.createProgress(tx, ids);
  }
  throw new AppError('INTERNAL', m.validationError);
}

/**
 * Runs `step` on the locked segment. The first read may predate the transaction that held
 * the lock before us (see validationRepository.lockSegment): a refusal that rests on the
 * attempts or joker figures (`settled` false) and a write that finds them moved return
 * null, and the step runs again on a read made with the lock already ours.
 */
export async function underLock<T>({
  tx,
  request,
  lock,
  step,
}: {
  tx: Tx;
  request: SegmentRequest;
  lock: LockRequest;
  step: (locked: Locked, settled: boolean) => Promise<T | null>;
}): Promise<T> {
  for (let round = 0; round < 3; round++) {
    const locked = await lockSegment(tx, request, request.segment, lock);
    const result = await step(locked, round > 0);
    if (result !== null) return result;
  }
  throw new AppError('INTERNAL', m.validationError);
}

/**
 * Records the segment as validated (validation, progress, XP, end of attempts and the
 * rewards record in one statement), then grants what it earned. Null, with nothing written,
 * if the attempts or joker figures moved since `locked` was read.
 */
export async function recordValidation({
  tx,
  request,
  locked,
  questionId,
  answer,
  usedJoker,
  xp = XP.validation,
}: {
  tx: Tx;
  request: SegmentRequest;
  locked: Locked;
  questionId: string;
  answer: string | null;
  usedJoker: boolean;
  /** The segment's XP: none for a question proposed, granted on its approval (decision 045). */
  xp?: number;
}): Promise<Omit<ValidatedResult, 'correct'> | null> {
  const { book, progress } = locked;
  const done = request.segment;
  const status = readingStatus(done, book.expectedSegments);
  const written = await validationRepository.recordValidation(
    tx,
    request,
    {
      segment: done,
      questionId,
      answer,
      usedJoker,
      // The question's figures count first tries (decision 047).
      wrongAnswers: locked.attempts?.wrongCount ?? 0,
      progressId: progress.id,
      currentPage: pagesRead(done, book.totalPages),
      status,
      xp,
      now: new Date(),
    },
    locked.token,
  );
  if (!written) return null;
  const record = withValidation(written.record, {
    validatedAt: written.validation.validatedAt,
    statusBefore: progress.status,
    statusAfter: status,
  });
  const rewards = await grantFromRecord(tx, request.userId, written.validation, record);
  // A friend quest met by this validation: both readers are told (its XP is in the ledger).
  if (written.friends.questMet) {
    await tellFriendQuestMet(tx, request.userId, written.friends.questMet);
  }
  const completed = status === 'completed';
  // The feed's lines, in this transaction: nothing to write (no statement) on most answers.
  const { validatedAt } = written.validation;
  const month = localTime(validatedAt, record.timeZone).day.slice(0, 7);
  await recordActivities(tx, {
    actorId: request.userId,
    at: validatedAt,
    items: [
      ...(completed && progress.status !== 'completed'
        ? [{ kind: 'finished' as const, bookId: request.bookId }]
        : []),
      ...rewards.badges.map((badge) => ({
        kind: 'badge' as const,
        badgeSlug: badge.slug,
        period: badgePeriod(badge.slug, month),
      })),
    ],
  });
  // The joker count was checked unchanged by the write, so the view needs no second read.
  const jokersUsed = locked.jokersUsed + (usedJoker ? 1 : 0);
  return {
    segment: done,
    nextSegment: completed ? null : done + 1,
    completed,
    xpGained: written.xp + rewards.xp + written.friends.xp,
    rewards: {
      ...rewards,
      levelReached: levelReached({
        before: written.xpBefore,
        gained: written.xp + rewards.xp + written.friends.xp,
      }),
    },
    progress: toProgressView({ ...written.progress, jokersUsed }, book),
  };
}
