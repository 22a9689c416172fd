import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatDismissedSchema,
  chatMessageParamsSchema,
  chatMessageSchema,
  chatPageQuerySchema,
  chatPageSchema,
  chatPostSchema,
  chatRemovedSchema,
  chatReportedSchema,
  chatReportParamsSchema,
  chatReportsSchema,
  chatRoomParamsSchema,
} from '../../../domain/chat.schemas';
import { chatMessages as m } from '../../../domain/messages/chat';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireAdmin, requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { type Cursor, decodeCursor } from '../community';
import type { RateLimitsRepository } from '../rate-limits';
import { countedByHandler, limited, writeLimits } from '../rate-limits';
import { createChatService } from './chat.service';

/** The `before` cursor of a page request; a forged one is the chat's own French 400. */
function olderThan(text: string | undefined): Cursor | null {
  try {
    return decodeCursor(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', m.invalidCursor);
  }
}

/**
 * The finished-book chat (docs/architecture.md#live-notifications-and-chat) and its moderation
 * (decision 021): rooms for the readers who finished a book, always as the signed-in reader; the
 * administrators' queue of reported messages.
 */
export async function chatRoutes(
  app: FastifyInstance,
  { db, rateLimits }: { db: Db; rateLimits: RateLimitsRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const chat = createChatService({ db, rateLimits });

  const tags = ['Salon'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });

  r.get(
    '/api/books/:slug/chat',
    {
      preHandler: requireReader(),
      schema: {
        ...about(
          "Le salon d'un livre terminé : les 100 derniers messages (ou ceux d'avant ?before=), du plus ancien au plus récent",
        ),
        params: chatRoomParamsSchema,
        querystring: chatPageQuerySchema,
        response: { 200: chatPageSchema },
      },
    },
    async (request) =>
      chat.page(request.params.slug, signedIn(request).id, olderThan(request.query.before)),
  );

  r.post(
    '/api/books/:slug/chat',
    {
      preHandler: requireReader(),
      config: countedByHandler('the service counts a post once the room is open to the reader'),
      schema: {
        ...about("Écrire dans le salon d'un livre terminé"),
        params: chatRoomParamsSchema,
        body: chatPostSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const message = await chat.post(
        request.params.slug,
        signedIn(request).id,
        request.body.content,
      );
      return reply.code(201).send(message);
    },
  );

  r.delete(
    '/api/chat/messages/:id',
    {
      preHandler: requireReader(),
      config: limited('chat:delete', writeLimits.reader),
      schema: {
        ...about('Supprimer mon message (ou, administrateur, celui de quelqu’un)'),
        params: chatMessageParamsSchema,
        response: { 200: chatRemovedSchema },
      },
    },
    async (request) => {
      await chat.delete(request.params.id, signedIn(request));
      return { removed: true as const };
    },
  );

  r.post(
    '/api/chat/messages/:id/report',
    {
      preHandler: requireReader(),
      config: countedByHandler('the service counts a report it may take (CHAT_REPORTS_PER_HOUR)'),
      schema: {
        ...about('Signaler un message du salon aux administrateurs'),
        params: chatMessageParamsSchema,
        response: { 200: chatReportedSchema },
      },
    },
    async (request) => {
      await chat.report(request.params.id, signedIn(request).id);
      return { reported: true as const };
    },
  );

  const admin = (summary: string) => ({ ...about(summary), tags: ['Administration'] });

  r.get(
    '/api/admin/chat/reports',
    {
      preHandler: requireAdmin,
      schema: {
        ...admin('Les messages signalés encore dans leur salon, les plus signalés en premier'),
        response: { 200: chatReportsSchema },
      },
    },
    async () => ({ items: await chat.reports() }),
  );

  r.post(
    '/api/admin/chat/messages/:id/remove',
    {
      config: limited('admin:chat-remove', writeLimits.admin),
      preHandler: requireAdmin,
      schema: {
        ...admin('Retirer un message du salon (ses signalements sont clos)'),
        params: chatMessageParamsSchema,
        response: { 200: chatRemovedSchema },
      },
    },
    async (request) => {
      await chat.adminRemove(request.params.id, signedIn(request).id);
      return { removed: true as const };
    },
  );

  r.post(
    '/api/admin/chat/reports/:messageId/dismiss',
    {
      config: limited('admin:chat-dismiss', writeLimits.admin),
      preHandler: requireAdmin,
      schema: {
        ...admin("Classer les signalements d'un message, qui reste dans le salon"),
        params: chatReportParamsSchema,
        response: { 200: chatDismissedSchema },
      },
    },
    async (request) => ({
      dismissed: await chat.dismiss(request.params.messageId, signedIn(request).id),
    }),
  );
}
