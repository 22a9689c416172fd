import { and, count, eq } from 'drizzle-orm';
import { isCorrectAnswer } from '../../../domain/answers';
import { validationMessages as m } from '../../../domain/messages/validation';
import { XP } from '../../../domain/rewards';
import { jokersAllowed, pagesRead, readingStatus } from '../../../domain/segments';
import type {
  AnswerResult,
  JokerResult,
  SegmentQuestion,
  ValidatedResult,
  ValidationState,
} from '../../../domain/validation.schemas';
import { MAX_ATTEMPTS } from '../../../domain/validation.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { books } from '../books/books.table';
import { readingQuestions } from '../questions/questions.table';
import type { RateLimitRule, RateLimitsRepository } from '../rate-limits/rate-limits.repository';
import { purgeNowAndThen, rateLimitedError } from '../rate-limits/rate-limits.service';
import { toProgressView } from '../reading/reading.repository';
import { readingProgress, readingValidations } from '../reading/reading.table';
import { grantFromRecord, withValidation } from '../rewards/rewards.service';
import { type SegmentSnapshot, validationRepository } from './validation.repository';
import { analyticsEvents, validationAttempts } from './validation.table';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Ids = { userId: string; bookId: string };
/** The request's rate-limit hit, counted by its transaction's first statement. */
type Limit = { key: string; rule: RateLimitRule };

/**
 * The whole segment flow, decided here: which segment is next, attempts and locks, answer
 * checking, jokers. Every change (validation, progress, XP, attempts) is one transaction
 * that starts by locking the reader's progress row, so concurrent requests queue up.
 */
export function createValidationService({
  db,
  lockMinutes,
  rateLimits,
}: {
  db: Db;
  lockMinutes: number;
  rateLimits: RateLimitsRepository;
}) {
  async function publishedBook(executor: Db | Tx, bookId: string) {
    const [book] = await executor
      .select({
        id: books.id,
        expectedSegments: books.expectedSegments,
        totalPages: books.totalPages,
        isPublished: books.isPublished,
      })
      .from(books)
      .where(eq(books.id, bookId));
    if (!book?.isPublished) throw new AppError('NOT_FOUND', m.bookLoadError);
    return book;
  }

  async function attemptsOf(executor: Db | Tx, { userId, bookId }: Ids, segment: number) {
    const [row] = await executor
      .select()
      .from(validationAttempts)
      .where(
        and(
          eq(validationAttempts.userId, userId),
          eq(validationAttempts.bookId, bookId),
          eq(validationAttempts.segment, segment),
        ),
      );
    return row ?? null;
  }

  /** 3 − wrong answers; 0 while locked; a fresh 3 once a lock has ended. */
  function attemptsLeftOf(attempts: typeof validationAttempts.$inferSelect | null): number {
    if (!attempts) return MAX_ATTEMPTS;
    if (attempts.lockedUntil) return attempts.lockedUntil > new Date() ? 0 : MAX_ATTEMPTS;
    return Math.max(0, MAX_ATTEMPTS - attempts.wrongCount);
  }

  async function jokersUsed(executor: Db | Tx, { userId, bookId }: Ids) {
    const [row] = await executor
      .select({ n: count() })
      .from(readingValidations)
      .where(
        and(
          eq(readingValidations.userId, userId),
          eq(readingValidations.bookId, bookId),
          eq(readingValidations.usedJoker, true),
        ),
      );
    return row?.n ?? 0;
  }

  /** Refuses a segment that is not the reader's next one, or locked, in the spec's words. */
  function checkSegment(
    validated: number,
    expected: number,
    segment: number,
    attempts: { lockedUntil: Date | null } | null,
  ) {
    if (validated >= expected) throw new AppError('BOOK_FINISHED', m.alreadyFinished);
    if (segment <= validated) throw new AppError('ALREADY_VALIDATED', m.alreadyValidated);
    if (segment !== validated + 1) throw new AppError('SEGMENT_NOT_NEXT', m.segmentUndetermined);
    if (attempts?.lockedUntil && attempts.lockedUntil > new Date()) {
      throw new AppError('SEGMENT_LOCKED', m.maxAttempts, {
        lockedUntil: attempts.lockedUntil.toISOString(),
      });
    }
  }

  async function questionFor(executor: Db | Tx, bookId: string, segment: number) {
    const [question] = await executor
      .select()
      .from(readingQuestions)
      .where(and(eq(readingQuestions.bookId, bookId), eq(readingQuestions.segment, segment)));
    if (!question) throw new AppError('NO_QUESTION', m.noQuestion);
    return question;
  }

  type Locked = SegmentSnapshot & { progress: NonNullable<SegmentSnapshot['progress']> };
  type LockRequest = {
    limit: Limit | null;
    checkBook?: (book: SegmentSnapshot['book']) => void;
  };

  /**
   * Runs `work`, a transaction whose first statement counts the request's rate-limit hit.
   * When it fails, its transaction and so its hit are rolled back: the hit is counted again
   * on its own, so every request counts once (a refused one too), as before any other check.
   */
  async function countedOnce<T>(limit: Limit, work: () => Promise<T>): Promise<T> {
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
   * read counts nothing). `checkBook` runs on the book before any row is created.
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
  async function underLock<T>(
    tx: Tx,
    ids: Ids,
    segment: number,
    request: LockRequest,
    step: (locked: Locked, settled: boolean) => Promise<T | null>,
  ): Promise<T> {
    for (let round = 0; round < 3; round++) {
      const result = await step(await lockSegment(tx, ids, segment, request), round > 0);
      if (result !== null) return result;
    }
    throw new AppError('INTERNAL', m.validationError);
  }

  /**
   * Records segment `segment` as validated (validation, progress, XP, end of attempts and the
   * rewards record in one statement), then grants what it earned. Null, with nothing written,
   * if the attempts or joker figures moved since `locked` was read.
   */
  async function recordValidation(
    tx: Tx,
    ids: Ids,
    locked: Locked,
    entry: { segment: number; questionId: string; answer: string | null; usedJoker: boolean },
  ): Promise<Omit<ValidatedResult, 'correct'> | null> {
    const { book, progress } = locked;
    const done = entry.segment;
    const status = readingStatus(done, book.expectedSegments);
    const written = await validationRepository.recordValidation(
      tx,
      ids,
      {
        ...entry,
        progressId: progress.id,
        currentPage: pagesRead(done, book.totalPages),
        status,
        xp: XP.validation,
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
    const rewards = await grantFromRecord(tx, ids.userId, written.validation, record);
    const completed = status === 'completed';
    // The joker count was checked unchanged by the write, so the view needs no second read.
    const jokersUsed = locked.jokersUsed + (entry.usedJoker ? 1 : 0);
    return {
      segment: done,
      nextSegment: completed ? null : done + 1,
      completed,
      xpGained: written.xp + rewards.xp,
      rewards,
      progress: toProgressView({ ...written.progress, jokersUsed }, book),
    };
  }

  return {
    /** The reader's next segment, attempts left, lock and jokers, for the book page. */
    async state(ids: Ids): Promise<ValidationState> {
      const book = await publishedBook(db, ids.bookId);
      const [progress] = await db
        .select({ validated: readingProgress.segmentsValidated })
        .from(readingProgress)
        .where(and(eq(readingProgress.userId, ids.userId), eq(readingProgress.bookId, ids.bookId)));
      const validated = Math.min(progress?.validated ?? 0, book.expectedSegments);
      const completed = validated >= book.expectedSegments;
      const segment = completed ? book.expectedSegments : validated + 1;
      const attempts = completed ? null : await attemptsOf(db, ids, segment);
      const locked = attempts?.lockedUntil && attempts.lockedUntil > new Date();
      return {
        segment,
        expectedSegments: book.expectedSegments,
        completed,
        attemptsLeft: attemptsLeftOf(attempts),
        lockedUntil: locked ? (attempts?.lockedUntil?.toISOString() ?? null) : null,
        jokers: { used: await jokersUsed(db, ids), allowed: jokersAllowed(book.expectedSegments) },
      };
    },

    /** The question of the reader's next segment, after every check; never its answer. */
    async question(ids: Ids, segment: number): Promise<SegmentQuestion> {
      const book = await publishedBook(db, ids.bookId);
      const [progress] = await db
        .select({ validated: readingProgress.segmentsValidated })
        .from(readingProgress)
        .where(and(eq(readingProgress.userId, ids.userId), eq(readingProgress.bookId, ids.bookId)));
      const attempts = await attemptsOf(db, ids, segment);
      checkSegment(progress?.validated ?? 0, book.expectedSegments, segment, attempts);
      const question = await questionFor(db, ids.bookId, segment);
      return {
        segment,
        questionId: question.id,
        question: question.question,
        attemptsLeft: attemptsLeftOf(attempts),
      };
    },

    /** Checks an answer; a right one validates the segment (+10 XP), a wrong one counts. */
    answer(ids: Ids, segment: number, given: string, limit: Limit): Promise<AnswerResult> {
      const request: LockRequest = { limit };
      return countedOnce(limit, () =>
        db.transaction((tx) =>
          underLock<AnswerResult>(tx, ids, segment, request, async (locked, settled) => {
            const { progress, question, attempts, book } = locked;
            checkSegment(progress.segmentsValidated, book.expectedSegments, segment, null);
            const isLocked = attempts?.lockedUntil && attempts.lockedUntil > new Date();
            if (isLocked && !settled) return null;
            checkSegment(progress.segmentsValidated, book.expectedSegments, segment, attempts);
            if (!question) throw new AppError('NO_QUESTION', m.noQuestion);

            if (isCorrectAnswer(given, question.answer)) {
              const result = await recordValidation(tx, ids, locked, {
                segment,
                questionId: question.id,
                answer: given,
                usedJoker: false,
              });
              return result && { correct: true as const, ...result };
            }

            // A lock that has expired starts a fresh round of three attempts.
            const previous = attempts?.lockedUntil ? 0 : (attempts?.wrongCount ?? 0);
            const wrong = previous + 1;
            const lockedUntil =
              wrong >= MAX_ATTEMPTS ? new Date(Date.now() + lockMinutes * 60_000) : null;
            const counted = await validationRepository.recordWrong(
              tx,
              ids,
              { segment, wrongCount: wrong, lockedUntil },
              locked.token,
            );
            if (!counted) return null;
            const remaining = jokersAllowed(book.expectedSegments) - locked.jokersUsed;
            return {
              correct: false as const,
              attemptsLeft: Math.max(0, MAX_ATTEMPTS - wrong),
              lockedUntil: lockedUntil?.toISOString() ?? null,
              jokerOffer: remaining > 0,
            };
          }),
        ),
      );
    },

    /**
     * Spends a joker on the next segment after a wrong answer on it: validates it and returns
     * the answer. The progress row lock makes parallel jokers queue, so the count never passes
     * the allowance.
     */
    joker(ids: Ids, segment: number, limit: Limit): Promise<JokerResult> {
      const request: LockRequest = {
        limit,
        checkBook: (book) => {
          if (jokersAllowed(book.expectedSegments) === 0) {
            throw new AppError('JOKERS_UNAVAILABLE', m.jokersUnavailable);
          }
        },
      };
      return countedOnce(limit, () =>
        db.transaction((tx) =>
          underLock<JokerResult>(tx, ids, segment, request, async (locked, settled) => {
            const { book, progress, attempts, question } = locked;
            // A joker may lift the cooldown lock, so the lock is not checked here.
            checkSegment(progress.segmentsValidated, book.expectedSegments, segment, null);
            const offered = attempts !== null && attempts.wrongCount >= 1;
            const left = locked.jokersUsed < jokersAllowed(book.expectedSegments);
            if ((!offered || !left) && !settled) return null;
            if (!offered) throw new AppError('JOKER_NOT_OFFERED', m.jokerNeedsWrongAnswer);
            if (!left) throw new AppError('NO_JOKER_LEFT', m.jokersAllUsed);
            if (!question) throw new AppError('NO_QUESTION', m.noQuestion);
            const result = await recordValidation(tx, ids, locked, {
              segment,
              questionId: question.id,
              answer: null,
              usedJoker: true,
            });
            if (!result) return null;
            const meta = { segment, questionId: question.id };
            await tx.insert(analyticsEvents).values([
              { name: 'joker_used', userId: ids.userId, bookId: ids.bookId, meta },
              { name: 'answer_revealed', userId: ids.userId, bookId: ids.bookId, meta },
            ]);
            return { correct: true as const, ...result, answer: question.answer };
          }),
        ),
      );
    },
  };
}

export type ValidationService = ReturnType<typeof createValidationService>;
