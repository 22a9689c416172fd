import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationMessages as m } from '../../../domain/messages/validation';
import { answerSchema, segmentParamsSchema } from '../../../domain/validation.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireReader, signedIn } from '../../plugins/auth';
import type { RateLimitsRepository } from '../rate-limits/rate-limits.repository';
import { answerSegment } from './answer-segment';
import { segmentQuestion, validationState } from './read-validation';
import { spendJoker } from './spend-joker';

type Options = { db: Db; config: Config; rateLimits: RateLimitsRepository };

/** Segment validation: state, question, answer, joker. The user always comes from the session. */
export async function validationRoutes(app: FastifyInstance, options: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, rateLimits } = options;
  const lockMinutes = options.config.validationLockMinutes;
  app.addHook('preHandler', requireReader(m.signInRequired));
  // Enough for a reader typing (20 a minute by default), far too few to guess by brute force.
  const answerLimit = { limit: options.config.answerRateLimit, windowMs: 60_000 };
  // Counted by the answer's own transaction, before any other check (segment-transaction.ts).
  const limit = (userId: string) => ({ key: `answer:user:${userId}`, rule: answerLimit });

  r.get(
    '/api/books/:bookId/validation',
    { schema: { params: segmentParamsSchema.pick({ bookId: true }) } },
    async (request) => {
      const user = signedIn(request);
      return validationState({ db, userId: user.id, bookId: request.params.bookId });
    },
  );

  r.get(
    '/api/books/:bookId/segments/:segment/question',
    { schema: { params: segmentParamsSchema } },
    async (request) => {
      const user = signedIn(request);
      const { bookId, segment } = request.params;
      return segmentQuestion({ db, userId: user.id, bookId, segment });
    },
  );

  r.post(
    '/api/books/:bookId/segments/:segment/answer',
    { schema: { params: segmentParamsSchema, body: answerSchema } },
    async (request) => {
      const user = signedIn(request);
      const { bookId, segment } = request.params;
      return answerSegment({
        db,
        rateLimits,
        lockMinutes,
        userId: user.id,
        bookId,
        segment,
        answer: request.body.answer,
        limit: limit(user.id),
      });
    },
  );

  r.post(
    '/api/books/:bookId/segments/:segment/joker',
    // A bare POST (no body) is a joker request too.
    { schema: { params: segmentParamsSchema, body: z.strictObject({}).nullish() } },
    async (request) => {
      const user = signedIn(request);
      const { bookId, segment } = request.params;
      return spendJoker({
        db,
        rateLimits,
        userId: user.id,
        bookId,
        segment,
        limit: limit(user.id),
      });
    },
  );
}
