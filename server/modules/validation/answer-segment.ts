import { isCorrectAnswer } from '../../../domain/answers';
import { afterWrongAnswer, isLocked, lockRefusal, MAX_ATTEMPTS } from '../../../domain/attempts';
import { jokersAllowed } from '../../../domain/jokers';
import { validationMessages as m } from '../../../domain/messages/validation';
import { segmentRefusal } from '../../../domain/segments';
import type { AnswerResult } from '../../../domain/validation.schemas';
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
 * Checks a reader's answer on their next segment: a right one validates it (+10 XP and
 * whatever rewards it earns), a wrong one counts towards the cooldown lock. One transaction.
 */
export function answerSegment({
  db,
  rateLimits,
  lockMinutes,
  limit,
  answer,
  ...request
}: ValidationDeps & SegmentRequest & { answer: string; limit: Limit }): Promise<AnswerResult> {
  const lock = { limit };
  const work = () =>
    db.transaction((tx) =>
      underLock<AnswerResult>({
        tx,
        request,
        lock,
        step: async (locked, settled) => {
          const { progress, question, attempts, book } = locked;
          const now = new Date();
          const position = {
            validated: progress.segmentsValidated,
            expected: book.expectedSegments,
            segment: request.segment,
          };
          refuse(segmentRefusal(position));
          // A lock read before ours was granted may have been lifted since: read again.
          if (isLocked(attempts, now) && !settled) return null;
          refuse(lockRefusal(attempts, now));
          if (!question) throw new AppError('NO_QUESTION', m.noQuestion);

          if (isCorrectAnswer(answer, question.answer)) {
            const result = await recordValidation({
              tx,
              request,
              locked,
              questionId: question.id,
              answer,
              usedJoker: false,
            });
            return result && { correct: true as const, ...result };
          }

          const next = afterWrongAnswer(attempts, { now, lockMinutes });
          const counted = await validationRepository.recordWrong(
            tx,
            request,
            { segment: request.segment, ...next },
            locked.token,
          );
          if (!counted) return null;
          return {
            correct: false as const,
            attemptsLeft: Math.max(0, MAX_ATTEMPTS - next.wrongCount),
            lockedUntil: next.lockedUntil?.toISOString() ?? null,
            jokerOffer: jokersAllowed(book.expectedSegments) - locked.jokersUsed > 0,
          };
        },
      }),
    );
  return countedOnce({ rateLimits, limit, work });
}
