import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminBooksMessages } from '../../../domain/messages/admin';
import {
  bookContributionsSchema,
  bookQuestionFiguresSchema,
  proposalInputSchema,
  proposalParamsSchema,
  proposalResultSchema,
  reportInputSchema,
  reportParamsSchema,
  reportResultSchema,
  reviewInputSchema,
  reviewParamsSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  reviewResultSchema,
} from '../../../domain/question-proposals.schemas';
import { addedBookSchema } from '../../../domain/reader-books.schemas';
import type { Db } from '../../db/client';
import { requireAdmin, requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import { mergeBooks } from './book-merge';
import type { QuestionProposalsService } from './question-proposals.service';
import type { QuestionQuality } from './question-quality';

/** Readers propose the questions of segments and review others' (decision 045). */
export async function questionProposalsRoutes(
  app: FastifyInstance,
  {
    proposals,
    quality,
    db,
  }: { proposals: QuestionProposalsService; quality: QuestionQuality; db: Db },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Questions des lecteurs'];
  const reviewer = (request: Parameters<typeof signedIn>[0]) => {
    const reader = signedIn(request);
    return { id: reader.id, isAdmin: reader.isAdmin };
  };

  r.post(
    '/api/books/:bookId/segments/:segment/proposals',
    {
      config: limited('question-proposals', writeLimits.reader),
      preHandler: requireReader(),
      schema: {
        summary:
          'Proposer la question d’un passage atteint (le passage sans question compte comme lu ; XP à la publication)',
        tags,
        security: sessionRequired,
        params: proposalParamsSchema,
        body: proposalInputSchema,
        response: { 201: proposalResultSchema },
      },
    },
    async (request, reply) => {
      const { bookId, segment } = request.params;
      const result = await proposals.propose(
        signedIn(request).id,
        { bookId, segment },
        request.body,
      );
      return reply.code(201).send(result);
    },
  );

  r.get(
    '/api/books/:bookId/contributions',
    {
      preHandler: requireReader(),
      schema: {
        summary: 'Mes questions en attente sur ce livre, et celles que je peux relire',
        tags,
        security: sessionRequired,
        params: z.object({ bookId: proposalParamsSchema.shape.bookId }),
        response: { 200: bookContributionsSchema },
      },
    },
    async (request) => proposals.ofBook(reviewer(request), request.params.bookId),
  );

  r.get(
    '/api/question-reviews',
    {
      preHandler: requireReader(),
      schema: {
        summary: 'Les questions proposées que je peux relire, les plus anciennes d’abord',
        tags,
        security: sessionRequired,
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueSchema },
      },
    },
    async (request) => proposals.queue(reviewer(request), request.query),
  );

  r.post(
    '/api/question-reviews/:id',
    {
      config: limited('question-reviews', writeLimits.reader),
      preHandler: requireReader(),
      schema: {
        summary: 'Approuver (après correction ou non) ou refuser une question proposée',
        tags,
        security: sessionRequired,
        params: reviewParamsSchema,
        body: reviewInputSchema,
        response: { 200: reviewResultSchema },
      },
    },
    async (request) => proposals.review(reviewer(request), request.params.id, request.body),
  );

  r.post(
    '/api/questions/:id/reports',
    {
      config: limited('question-reports', writeLimits.reader),
      preHandler: requireReader(),
      schema: {
        summary:
          'Signaler une question qui m’a été posée (trois signalements la renvoient en relecture)',
        tags,
        security: sessionRequired,
        params: reportParamsSchema,
        body: reportInputSchema,
        response: { 201: reportResultSchema },
      },
    },
    async (request, reply) => {
      const result = await quality.report(
        signedIn(request).id,
        request.params.id,
        request.body.reason,
      );
      return reply.code(201).send(result);
    },
  );

  r.get(
    '/api/admin/books/:id/question-figures',
    {
      preHandler: requireAdmin,
      schema: {
        summary:
          'Les résultats de chaque question du livre (tentatives, premier coup, jokers, signalements)',
        tags: ['Administration'],
        security: sessionRequired,
        params: z.object({ id: z.uuid() }),
        response: { 200: bookQuestionFiguresSchema },
      },
    },
    async (request) => ({
      figures: Object.fromEntries(await proposals.figuresOfBook(request.params.id)),
    }),
  );

  r.post(
    '/api/admin/books/:id/merge',
    {
      config: limited('book-merge', writeLimits.admin),
      preHandler: requireAdmin,
      schema: {
        summary:
          'Fusionner un doublon avec le livre à garder (listes, progressions, validations, questions, salon, activités)',
        tags: ['Administration'],
        security: sessionRequired,
        params: z.object({ id: z.uuid({ error: adminBooksMessages.mergeNotFound }) }),
        body: z.strictObject({ into: z.uuid({ error: adminBooksMessages.mergeNotFound }) }),
        response: { 200: z.object({ kept: addedBookSchema }) },
      },
    },
    async (request) => ({
      kept: await mergeBooks(db, signedIn(request).id, request.params.id, request.body.into),
    }),
  );
}
