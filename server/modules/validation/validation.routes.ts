import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationMessages as m } from '../../../domain/messages/validation';
import {
  answerResultSchema,
  answerSchema,
  jokerResultSchema,
  segmentParamsSchema,
  segmentQuestionSchema,
  validationStateSchema,
} from '../../../domain/validation.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
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
  const tags = ['Validation'];

  r.get(
    '/api/books/:bookId/validation',
    {
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
    {
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
