import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationMessages as m } from '../../../domain/messages/validation';
import {
  type AnswerResult,
  answerResultSchema,
  answerSchema,
  type JokerResult,
  jokerResultSchema,
  segmentParamsSchema,
  segmentQuestionSchema,
  validationStateSchema,
} from '../../../domain/validation.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { countAnswer } from '../../plugins/metrics';
import { sessionRequired } from '../../plugins/openapi';
import type { RateLimitsRepository } from '../rate-limits';
import { countedByHandler } from '../rate-limits';
import { answerSegment } from './answer-segment';
import { segmentQuestion, validationState } from './read-validation';
import { spendJoker } from './spend-joker';

type Options = {
  db: Db;
  config: Config;
  rateLimits: RateLimitsRepository;
  /**
   * Told after the commit when an answer may have written the reader's feed activities (a
   * finished book, a badge), so this process's feeds show them at once.
   */
  activitiesWritten: (readerId: string) => void;
  /**
   * Told after the commit when an answer or a joker finished the book, so that what follows
   * a finish elsewhere (a circle's badge, decision 056) is queued; it never fails the answer.
   */
  bookFinished?: (finish: { readerId: string; bookId: string }) => Promise<void>;
};

/** Says a finish after the commit; a failure to say it is logged, the answer stands. */
async function sayFinished(
  request: FastifyRequest,
  options: Options,
  finish: { readerId: string; bookId: string; result: AnswerResult | JokerResult },
) {
  if (!options.bookFinished || !finish.result.correct || !finish.result.completed) return;
  try {
    await options.bookFinished({ readerId: finish.readerId, bookId: finish.bookId });
  } catch (error) {
    request.log.error({ err: error }, 'book finished: follow-up not queued');
  }
}

/** A validation finishing a book or earning a badge writes activities (segment-transaction.ts). */
const wroteActivities = (result: AnswerResult | JokerResult) =>
  result.correct && (result.completed || result.rewards.badges.length > 0);

/**
 * Counts an answer in /metrics: accepted (`how`: right, joker), or refused as wrong or by its
 * refusal's code (segment_locked, rate_limited…).
 */
async function counted<T extends { correct: boolean }>(how: string, answer: Promise<T>) {
  try {
    const result = await answer;
    if (result.correct) countAnswer('accepted', how);
    else countAnswer('refused', 'wrong');
    return result;
  } catch (error) {
    if (error instanceof AppError) countAnswer('refused', error.code.toLowerCase());
    throw error;
  }
}

/** Segment validation: state, question, answer, joker. The user always comes from the session. */
export async function validationRoutes(app: FastifyInstance, options: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimits } = options;
  const lockMinutes = options.config.validationLockMinutes;
  // Enough for a reader typing (20 a minute by default), far too few to guess by brute force.
  const answerLimit = { limit: options.config.answerRateLimit, windowMs: 60_000 };
  // Counted by the answer's own transaction, before any other check (segment-transaction.ts).
  const limit = (userId: string) => ({ key: `answer:user:${userId}`, rule: answerLimit });
  const tags = ['Validation'];

  r.get(
    '/api/books/:bookId/validation',
    {
      preHandler: requireReader(m.signInRequired),
      schema: {
        summary: 'Où en est le lecteur sur le prochain segment du livre',
        tags,
        security: sessionRequired,
        params: segmentParamsSchema.pick({ bookId: true }),
        response: { 200: validationStateSchema },
      },
    },
    async (request) => {
      const user = signedIn(request);
      return validationState({ db, userId: user.id, bookId: request.params.bookId });
    },
  );

  r.get(
    '/api/books/:bookId/segments/:segment/question',
    {
      preHandler: requireReader(m.signInRequired),
      schema: {
        summary: 'La question du segment (jamais la réponse)',
        tags,
        security: sessionRequired,
        params: segmentParamsSchema,
        response: { 200: segmentQuestionSchema },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { bookId, segment } = request.params;
      return segmentQuestion({ db, userId: user.id, bookId, segment });
    },
  );

  r.post(
    '/api/books/:bookId/segments/:segment/answer',
    {
      preHandler: requireReader(m.signInRequired),
      config: countedByHandler('counted in the answer’s own round trip (decision 009)'),
      schema: {
        summary: 'Répondre à la question du segment',
        tags,
        security: sessionRequired,
        params: segmentParamsSchema,
        body: answerSchema,
        response: { 200: answerResultSchema },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { bookId, segment } = request.params;
      const result = await counted(
        'right',
        answerSegment({
          db,
          rateLimits,
          lockMinutes,
          userId: user.id,
          bookId,
          segment,
          answer: request.body.answer,
          limit: limit(user.id),
        }),
      );
      if (wroteActivities(result)) options.activitiesWritten(user.id);
      await sayFinished(request, options, { readerId: user.id, bookId, result });
      return result;
    },
  );

  r.post(
    '/api/books/:bookId/segments/:segment/joker',
    {
      preHandler: requireReader(m.signInRequired),
      config: countedByHandler('counted in the joker’s own transaction, with the answers’ counter'),
      schema: {
        summary: 'Utiliser un joker : valide le segment et révèle la réponse',
        tags,
        security: sessionRequired,
        params: segmentParamsSchema,
        // A bare POST (no body) is a joker request too.
        body: z.strictObject({}).nullish(),
        response: { 200: jokerResultSchema },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { bookId, segment } = request.params;
      const result = await counted(
        'joker',
        spendJoker({ db, rateLimits, userId: user.id, bookId, segment, limit: limit(user.id) }),
      );
      if (wroteActivities(result)) options.activitiesWritten(user.id);
      await sayFinished(request, options, { readerId: user.id, bookId, result });
      return result;
    },
  );
}
