import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationMessages as m } from '../../../domain/messages/validation';
import { answerSchema, segmentParamsSchema } from '../../../domain/validation.schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Auth } from '../auth/auth';
import { currentUser } from '../auth/session';
import type { RateLimitsRepository } from '../rate-limits/rate-limits.repository';
import { createValidationService } from './validation.service';

type Options = { db: Db; auth: Auth; config: Config; rateLimits: RateLimitsRepository };

/** Segment validation: state, question, answer, joker. The user always comes from the session. */
export async function validationRoutes(app: FastifyInstance, options: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createValidationService({
    db: options.db,
    lockMinutes: options.config.validationLockMinutes,
    rateLimits: options.rateLimits,
  });
  const reader = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await currentUser(options.auth, request, reply);
    if (!user) throw new AppError('AUTH_REQUIRED', m.signInRequired);
    return user;
  };
  // Enough for a reader typing (20 a minute by default), far too few to guess by brute force.
  const answerLimit = { limit: options.config.answerRateLimit, windowMs: 60_000 };
  // Counted by the answer's own transaction, before any other check (validation.service).
  const limit = (userId: string) => ({ key: `answer:user:${userId}`, rule: answerLimit });

  r.get(
    '/api/books/:bookId/validation',
    { schema: { params: segmentParamsSchema.pick({ bookId: true }) } },
    async (request, reply) => {
      const user = await reader(request, reply);
      return service.state({ userId: user.id, bookId: request.params.bookId });
    },
  );

  r.get(
    '/api/books/:bookId/segments/:segment/question',
    { schema: { params: segmentParamsSchema } },
    async (request, reply) => {
      const user = await reader(request, reply);
      const { bookId, segment } = request.params;
      return service.question({ userId: user.id, bookId }, segment);
    },
  );

  r.post(
    '/api/books/:bookId/segments/:segment/answer',
    { schema: { params: segmentParamsSchema, body: answerSchema } },
    async (request, reply) => {
      const user = await reader(request, reply);
      const { bookId, segment } = request.params;
      return service.answer(
        { userId: user.id, bookId },
        segment,
        request.body.answer,
        limit(user.id),
      );
    },
  );

  r.post(
    '/api/books/:bookId/segments/:segment/joker',
    { schema: { params: segmentParamsSchema, body: z.strictObject({}).optional() } },
    async (request, reply) => {
      const user = await reader(request, reply);
      const { bookId, segment } = request.params;
      return service.joker({ userId: user.id, bookId }, segment, limit(user.id));
    },
  );
}
