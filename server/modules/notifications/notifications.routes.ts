import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationMessages as m } from '../../../domain/messages/notifications';
import {
  markReadSchema,
  type NotificationsRead,
  notificationListSchema,
  notificationParamsSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '../../../domain/notifications.schemas';
import type { Db } from '../../db/client';
import type { ReaderPages } from '../../db/reader-cache';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { sendPreparedJson, serializedJson } from '../../plugins/prepared-body';
import { publishLive } from '../live';
import type { RateLimitRule } from '../rate-limits';
import { limited } from '../rate-limits';
import { createNotificationsRepository } from './notifications.repository';

/** Marking as read writes a live event each time: a reader clicking all day stays far below. */
export const notificationLimits = {
  marksPerReader: { limit: 600, windowMs: 60 * 60_000 },
  preferencesPerReader: { limit: 60, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * The bell's popover (docs/architecture.md#live-notifications-and-chat): the reader's latest
 * notifications and unread counts, marking one or all as read (their other tabs hear it live), and
 * the e-mail preference. Always the signed-in reader's own.
 */
export async function notificationsRoutes(
  app: FastifyInstance,
  { db, pages }: { db: Db; pages: ReaderPages },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notifications = createNotificationsRepository({ db });

  const tags = ['Notifications'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });
  // One counter for both marks (route-limits.ts).
  const marks = limited('notifications:read', {
    ...notificationLimits.marksPerReader,
    per: 'reader',
  });

  // Marks, then tells the reader's other tabs (only when something changed) and answers the
  // counts, all in one transaction.
  const markAndCount = (
    readerId: string,
    mark: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<boolean>,
    read: NotificationsRead,
  ) =>
    db.transaction(async (tx) => {
      if (await mark(tx)) await publishLive(tx, { reader: readerId }, 'notifications.read', read);
      return { unread: await notifications.counts(readerId, tx) };
    });

  r.get(
    '/api/notifications',
    {
      preHandler: requireReader(),
      schema: {
        ...about('Mes dernières notifications et leurs compteurs non lus'),
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) => {
      const me = signedIn(request).id;
      const page = await pages.page(me, 'notifications', async () =>
        serializedJson(reply, await notifications.list(me)),
      );
      return sendPreparedJson(request, reply, page);
    },
  );

  r.post(
    '/api/notifications/:id/read',
    {
      preHandler: requireReader(),
      config: marks,
      schema: {
        ...about('Marquer une de mes notifications comme lue'),
        params: notificationParamsSchema,
        response: { 200: markReadSchema },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      const { id } = request.params;
      let found = true;
      const answer = await markAndCount(
        me,
        async (tx) => {
          const result = await notifications.markOne(tx, me, id);
          found = result !== null;
          return result?.changed ?? false;
        },
        { ids: [id] },
      );
      if (!found) throw new AppError('NOT_FOUND', m.notFound);
      return answer;
    },
  );

  r.post(
    '/api/notifications/read-all',
    {
      preHandler: requireReader(),
      config: marks,
      schema: {
        ...about('Marquer toutes mes notifications comme lues'),
        response: { 200: markReadSchema },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      return markAndCount(me, async (tx) => (await notifications.markAll(tx, me)) > 0, {
        all: true,
      });
    },
  );

  r.get(
    '/api/notifications/preferences',
    {
      preHandler: requireReader(),
      schema: {
        ...about('Mes choix de notifications : résumé par e-mail, réponses dans les discussions'),
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => notifications.preferences(signedIn(request).id),
  );

  r.put(
    '/api/notifications/preferences',
    {
      preHandler: requireReader(),
      config: limited('notifications:preferences', {
        ...notificationLimits.preferencesPerReader,
        per: 'reader',
      }),
      schema: {
        ...about('Changer mes choix de notifications (ceux donnés ; les autres restent)'),
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      return notifications.savePreferences(me, request.body);
    },
  );
}
