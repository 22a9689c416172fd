import { jokerRefusal, jokersAllowed } from '../../../domain/jokers';
import { validationMessages as m } from '../../../domain/messages/validation';
import { segmentRefusal } from '../../../domain/segments';
import type { JokerResult } from '../../../domain/validation.schemas';
import { AppError } from '../../errors';
import {
  countedOnce,
  type Limit,
  recordValidation,
  refuse,
  type SegmentRequest,
  underLock,
  type ValidationDeps,
} from './segment-transaction';
import { validationRepository } from './validation.repository';

/**
 * Spends a joker on the reader's next segment after a wrong answer on it: validates it and
 * returns its answer, the only way an answer leaves the server. The progress row lock makes
 * parallel jokers queue, so the count never passes the allowance.
 */
export function spendJoker({
  db,
  rateLimits,
  limit,
  ...request
}: Omit<ValidationDeps, 'lockMinutes'> & SegmentRequest & { limit: Limit }): Promise<JokerResult> {
  const lock = {
    limit,
    checkBook: (book: { expectedSegments: number }) => {
      if (jokersAllowed(book.expectedSegments) === 0) {
        throw new AppError('JOKERS_UNAVAILABLE', m.jokersUnavailable);
      }
    },
  };
  const work = () =>
    db.transaction((tx) =>
      underLock<JokerResult>({
        tx,
        request,
        lock,
        step: async (locked, settled) => {
          const { book, progress, attempts, question } = locked;
          // A joker may lift the cooldown lock, so the lock is not checked here.
          refuse(
            segmentRefusal({
              validated: progress.segmentsValidated,
              expected: book.expectedSegments,
              segment: request.segment,
            }),
          );
          const refusal = jokerRefusal({
            expected: book.expectedSegments,
            wrongAnswers: attempts?.wrongCount ?? 0,
            used: locked.jokersUsed,
          });
          // Figures read before ours was granted may have moved: read again before refusing.
          if (refusal && !settled) return null;
          refuse(refusal);
          if (!question) throw new AppError('NO_QUESTION', m.noQuestion);
          const result = await recordValidation({
            tx,
            request,
            locked,
            questionId: question.id,
            answer: null,
            usedJoker: true,
          });
          if (!result) return null;
          await validationRepository.recordJokerEvents(tx, {
            userId: request.userId,
            bookId: request.bookId,
            meta: { segment: request.segment, questionId: question.id },
          });
          return { correct: true as const, ...result, answer: question.answer };
        },
      }),
    );
  return countedOnce({ rateLimits, limit, work });
}
