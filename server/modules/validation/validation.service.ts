import { and, count, eq, sql } from 'drizzle-orm';
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
import { createReadingRepository } from '../reading/reading.repository';
import { readingProgress, readingValidations } from '../reading/reading.table';
import { addXp, grantAfterValidation } from '../rewards/rewards.service';
import { analyticsEvents, validationAttempts } from './validation.table';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Ids = { userId: string; bookId: string };

/**
 * The whole segment flow, decided here: which segment is next, attempts and locks, answer
 * checking, jokers. Every change (validation, progress, XP, attempts) is one transaction
 * that starts by locking the reader's progress row, so concurrent requests queue up.
 */
export function createValidationService({ db, lockMinutes }: { db: Db; lockMinutes: number }) {
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

  /** Creates the progress row if needed, then locks it for the rest of the transaction. */
  async function lockProgress(tx: Tx, { userId, bookId }: Ids) {
    await tx.insert(readingProgress).values({ userId, bookId }).onConflictDoNothing();
    const [progress] = await tx
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.bookId, bookId)))
      .for('update');
    if (!progress) throw new AppError('INTERNAL', m.validationError);
    return progress;
  }

  /** Records segment `segment` as validated, with its progress and XP, inside `tx`. */
  async function recordValidation(
    tx: Tx,
    ids: Ids,
    book: { expectedSegments: number; totalPages: number },
    progress: typeof readingProgress.$inferSelect,
    entry: { segment: number; questionId: string; answer: string | null; usedJoker: boolean },
  ): Promise<Omit<ValidatedResult, 'correct'>> {
    const [validation] = await tx
      .insert(readingValidations)
      .values({ ...ids, progressId: progress.id, ...entry })
      .returning({ id: readingValidations.id, validatedAt: readingValidations.validatedAt });
    if (!validation) throw new AppError('INTERNAL', m.validationError);
    const done = entry.segment;
    const status = readingStatus(done, book.expectedSegments);
    const now = new Date();
    await tx
      .update(readingProgress)
      .set({
        segmentsValidated: done,
        currentPage: Math.max(progress.currentPage, pagesRead(done, book.totalPages)),
        status,
        startedAt: progress.startedAt ?? now,
        completedAt: status === 'completed' ? (progress.completedAt ?? now) : null,
      })
      .where(eq(readingProgress.id, progress.id));
    const xp = await addXp(
      tx,
      ids.userId,
      `validation:${validation.id}`,
      'validation',
      XP.validation,
    );
    await tx
      .delete(validationAttempts)
      .where(
        and(
          eq(validationAttempts.userId, ids.userId),
          eq(validationAttempts.bookId, ids.bookId),
          eq(validationAttempts.segment, entry.segment),
        ),
      );
    const view = await createReadingRepository({ db: tx as unknown as Db }).findProgress(
      ids.userId,
      ids.bookId,
    );
    if (!view) throw new AppError('INTERNAL', m.validationError);
    const rewards = await grantAfterValidation(tx, ids.userId, validation);
    const completed = status === 'completed';
    return {
      segment: done,
      nextSegment: completed ? null : done + 1,
      completed,
      xpGained: xp + rewards.xp,
      rewards,
      progress: view,
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
    answer(ids: Ids, segment: number, given: string): Promise<AnswerResult> {
      return db.transaction(async (tx) => {
        const book = await publishedBook(tx, ids.bookId);
        const progress = await lockProgress(tx, ids);
        const attempts = await attemptsOf(tx, ids, segment);
        checkSegment(progress.segmentsValidated, book.expectedSegments, segment, attempts);
        const question = await questionFor(tx, ids.bookId, segment);

        if (isCorrectAnswer(given, question.answer)) {
          const result = await recordValidation(tx, ids, book, progress, {
            segment,
            questionId: question.id,
            answer: given,
            usedJoker: false,
          });
          return { correct: true as const, ...result };
        }

        // A lock that has expired starts a fresh round of three attempts.
        const previous = attempts?.lockedUntil ? 0 : (attempts?.wrongCount ?? 0);
        const wrong = previous + 1;
        const lockedUntil =
          wrong >= MAX_ATTEMPTS ? new Date(Date.now() + lockMinutes * 60_000) : null;
        await tx
          .insert(validationAttempts)
          .values({ ...ids, segment, wrongCount: wrong, lockedUntil })
          .onConflictDoUpdate({
            target: [
              validationAttempts.userId,
              validationAttempts.bookId,
              validationAttempts.segment,
            ],
            set: { wrongCount: wrong, lockedUntil, updatedAt: sql`now()` },
          });
        const remaining = jokersAllowed(book.expectedSegments) - (await jokersUsed(tx, ids));
        return {
          correct: false as const,
          attemptsLeft: Math.max(0, MAX_ATTEMPTS - wrong),
          lockedUntil: lockedUntil?.toISOString() ?? null,
          jokerOffer: remaining > 0,
        };
      });
    },

    /**
     * Spends a joker on the next segment after a wrong answer on it: validates it and returns
     * the answer. The progress row lock makes parallel jokers queue, so the count never passes
     * the allowance.
     */
    joker(ids: Ids, segment: number): Promise<JokerResult> {
      return db.transaction(async (tx) => {
        const book = await publishedBook(tx, ids.bookId);
        const allowed = jokersAllowed(book.expectedSegments);
        if (allowed === 0) throw new AppError('JOKERS_UNAVAILABLE', m.jokersUnavailable);
        const progress = await lockProgress(tx, ids);
        const attempts = await attemptsOf(tx, ids, segment);
        // A joker may lift the cooldown lock, so the lock is not checked here.
        checkSegment(progress.segmentsValidated, book.expectedSegments, segment, null);
        if (!attempts || attempts.wrongCount < 1) {
          throw new AppError('JOKER_NOT_OFFERED', m.jokerNeedsWrongAnswer);
        }
        if ((await jokersUsed(tx, ids)) >= allowed) {
          throw new AppError('NO_JOKER_LEFT', m.jokersAllUsed);
        }
        const question = await questionFor(tx, ids.bookId, segment);
        const result = await recordValidation(tx, ids, book, progress, {
          segment,
          questionId: question.id,
          answer: null,
          usedJoker: true,
        });
        const meta = { segment, questionId: question.id };
        await tx.insert(analyticsEvents).values([
          { name: 'joker_used', userId: ids.userId, bookId: ids.bookId, meta },
          { name: 'answer_revealed', userId: ids.userId, bookId: ids.bookId, meta },
        ]);
        return { correct: true as const, ...result, answer: question.answer };
      });
    },
  };
}

export type ValidationService = ReturnType<typeof createValidationService>;
