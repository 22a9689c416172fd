import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  discussionBookParamsSchema,
  discussionBookySchema,
  discussionCircleQuerySchema,
  discussionDismissedSchema,
  discussionPageQuerySchema,
  discussionPageSchema,
  discussionParamsSchema,
  discussionPostBodySchema,
  discussionPostParamsSchema,
  discussionPostSchema,
  discussionRemovedSchema,
  discussionRepliesQuerySchema,
  discussionRepliesSchema,
  discussionReportedSchema,
  discussionReportParamsSchema,
  discussionReportsSchema,
  discussionSummarySchema,
} from '../../../domain/discussions.schemas';
import { discussionMessages as m } from '../../../domain/messages/discussions';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireAdmin, requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { type Cursor, decodeCursor } from '../community';
import type { RateLimitsRepository } from '../rate-limits';
import { countedByHandler, limited, writeLimits } from '../rate-limits';
import { createDiscussionModeration } from './discussions.moderation';
import { createDiscussionsService } from './discussions.service';

/** A page cursor; a forged one is the discussions' own French 400. */
function cursorOf(text: string | undefined): Cursor | null {
  try {
    return decodeCursor(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', m.invalidCursor);
  }
}

/**
 * Segment discussions (docs/architecture.md#segment-discussions, decision 054): a discussion
 * per segment of a book for the readers who validated it, always as the signed-in reader; the
 * book page's counts (never a post's words); the administrators' queue of reported posts.
 */
export async function discussionsRoutes(
  app: FastifyInstance,
  { db, rateLimits }: { db: Db; rateLimits: RateLimitsRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const discussions = createDiscussionsService({ db, rateLimits });
  const moderation = createDiscussionModeration({ db, rateLimits });

  const tags = ['Discussions'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });

  r.get(
    '/api/books/:ref/discussions',
    {
      preHandler: requireReader(),
      schema: {
        ...about(
          'Les discussions des passages d’un livre : ouvertes ou non au lecteur, combien de lecteurs y parlent (jamais ce qu’ils disent), puis le salon',
        ),
        params: discussionBookParamsSchema,
        querystring: discussionCircleQuerySchema,
        response: { 200: discussionSummarySchema },
      },
    },
    async (request) =>
      discussions.summary(request.params.ref, signedIn(request).id, request.query.circle ?? null),
  );

  r.get(
    '/api/books/:ref/discussions/:segment',
    {
      preHandler: requireReader(),
      schema: {
        ...about(
          'La discussion d’un passage validé : 20 messages, les plus récents d’abord (ou ceux d’avant ?before=), avec leurs premières réponses',
        ),
        params: discussionParamsSchema,
        querystring: discussionPageQuerySchema,
        response: { 200: discussionPageSchema },
      },
    },
    async (request) =>
      discussions.page(
        request.params.ref,
        request.params.segment,
        signedIn(request).id,
        cursorOf(request.query.before),
        request.query.circle ?? null,
      ),
  );

  r.post(
    '/api/books/:ref/discussions/:segment',
    {
      preHandler: requireReader(),
      config: countedByHandler(
        'the service counts a post once the discussion is open to the reader',
      ),
      schema: {
        ...about('Écrire dans la discussion d’un passage validé, ou répondre à un message'),
        params: discussionParamsSchema,
        querystring: discussionCircleQuerySchema,
        body: discussionPostBodySchema,
        response: { 201: discussionPostSchema },
      },
    },
    async (request, reply) => {
      const post = await discussions.post(
        request.params.ref,
        request.params.segment,
        signedIn(request).id,
        { content: request.body.content, parentId: request.body.parentId ?? null },
        request.query.circle ?? null,
      );
      return reply.code(201).send(post);
    },
  );

  r.get(
    '/api/discussions/posts/:id/replies',
    {
      preHandler: requireReader(),
      schema: {
        ...about(
          'Les réponses à un message, les plus anciennes d’abord (ou celles d’après ?after=)',
        ),
        params: discussionPostParamsSchema,
        querystring: discussionRepliesQuerySchema,
        response: { 200: discussionRepliesSchema },
      },
    },
    async (request) =>
      discussions.replies(request.params.id, signedIn(request).id, cursorOf(request.query.after)),
  );

  for (const [method, give] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/discussions/posts/:id/booky',
      preHandler: requireReader(),
      config: limited('discussion:booky', writeLimits.reader),
      schema: {
        ...about(give ? 'Donner un Booky à un message' : 'Retirer mon Booky d’un message'),
        params: discussionPostParamsSchema,
        response: { 200: discussionBookySchema },
      },
      handler: async (request) => discussions.booky(request.params.id, signedIn(request).id, give),
    });
  }

  r.delete(
    '/api/discussions/posts/:id',
    {
      preHandler: requireReader(),
      config: limited('discussion:delete', writeLimits.reader),
      schema: {
        ...about('Supprimer mon message (ou, administrateur, celui de quelqu’un)'),
        params: discussionPostParamsSchema,
        response: { 200: discussionRemovedSchema },
      },
    },
    async (request) => {
      await moderation.delete(request.params.id, signedIn(request));
      return { removed: true as const };
    },
  );

  r.post(
    '/api/discussions/posts/:id/report',
    {
      preHandler: requireReader(),
      config: countedByHandler(
        'the service counts a report it may take (DISCUSSION_REPORTS_PER_HOUR)',
      ),
      schema: {
        ...about('Signaler un message d’une discussion aux administrateurs'),
        params: discussionPostParamsSchema,
        response: { 200: discussionReportedSchema },
      },
    },
    async (request) => {
      await moderation.report(request.params.id, signedIn(request).id);
      return { reported: true as const };
    },
  );

  const admin = (summary: string) => ({ ...about(summary), tags: ['Administration'] });

  r.get(
    '/api/admin/discussions/reports',
    {
      preHandler: requireAdmin,
      schema: {
        ...admin(
          'Les messages de discussion signalés encore visibles, les plus signalés en premier',
        ),
        response: { 200: discussionReportsSchema },
      },
    },
    async () => ({ items: await moderation.reports() }),
  );

  r.post(
    '/api/admin/discussions/posts/:id/remove',
    {
      config: limited('admin:discussion-remove', writeLimits.admin),
      preHandler: requireAdmin,
      schema: {
        ...admin('Retirer un message d’une discussion (ses signalements sont clos)'),
        params: discussionPostParamsSchema,
        response: { 200: discussionRemovedSchema },
      },
    },
    async (request) => {
      await moderation.adminRemove(request.params.id, signedIn(request).id);
      return { removed: true as const };
    },
  );

  r.post(
    '/api/admin/discussions/reports/:postId/dismiss',
    {
      config: limited('admin:discussion-dismiss', writeLimits.admin),
      preHandler: requireAdmin,
      schema: {
        ...admin("Classer les signalements d'un message, qui reste dans sa discussion"),
        params: discussionReportParamsSchema,
        response: { 200: discussionDismissedSchema },
      },
    },
    async (request) => ({
      dismissed: await moderation.dismiss(request.params.postId, signedIn(request).id),
    }),
  );
}
