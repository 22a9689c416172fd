import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reminderMessages as m } from '../../../domain/messages/reminders';
import {
  pushEndpointSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  reminderMessageSchema,
  reminderSettingsSchema,
  reminderStateSchema,
} from '../../../domain/reminders.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import type { RateLimitRule } from '../rate-limits';
import { limited } from '../rate-limits';
import { isPushEndpoint } from './push-endpoints';
import { createRemindersRepository } from './reminders.repository';
import type { VapidKeys } from './vapid-keys';

export const reminderLimits = {
  changesPerReader: { limit: 60, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * The reader's daily reminder on the web (decision 032): the
 * VAPID public key, this browser's push subscription, and the reminder's hour and time zone.
 * The native app schedules its own local notification and never calls these.
 */
export async function remindersRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    keys: () => Promise<VapidKeys>;
    /** Outside production, endpoints on this machine are accepted (the tests' push service). */
    allowLocalEndpoints: boolean;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reminders = createRemindersRepository({ db: options.db });
  const tags = ['Rappels'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });
  // One counter for the three changes (route-limits.ts).
  const limit = limited('reminders', { ...reminderLimits.changesPerReader, per: 'reader' });

  r.get(
    '/api/reminders/push-key',
    {
      preHandler: requireReader(),
      schema: {
        ...about('La clé publique VAPID pour abonner ce navigateur'),
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ publicKey: (await options.keys()).publicKey }),
  );

  r.put(
    '/api/reminders/push-subscription',
    {
      preHandler: requireReader(),
      config: limit,
      schema: {
        ...about('Abonner ce navigateur à mes rappels'),
        body: pushSubscriptionSchema,
        response: { 200: reminderMessageSchema },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      if (!isPushEndpoint(request.body.endpoint, { allowLocal: options.allowLocalEndpoints })) {
        throw new AppError('VALIDATION_ERROR', m.badEndpoint);
      }
      await reminders.subscribe(me, request.body);
      return { message: m.subscribed };
    },
  );

  r.delete(
    '/api/reminders/push-subscription',
    {
      preHandler: requireReader(),
      config: limit,
      schema: {
        ...about('Désabonner ce navigateur de mes rappels'),
        body: pushEndpointSchema,
        response: { 200: reminderMessageSchema },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      await reminders.unsubscribe(me, request.body.endpoint);
      return { message: m.unsubscribed };
    },
  );

  r.get(
    '/api/reminders/settings',
    {
      preHandler: requireReader(),
      schema: {
        ...about('Mon rappel de lecture quotidien'),
        response: { 200: reminderStateSchema },
      },
    },
    async (request) => reminders.state(signedIn(request).id),
  );

  r.put(
    '/api/reminders/settings',
    {
      preHandler: requireReader(),
      config: limit,
      schema: {
        ...about('Changer mon rappel de lecture quotidien'),
        body: reminderSettingsSchema,
        response: { 200: reminderStateSchema },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      const state = await reminders.state(me);
      // Turning it on needs a browser to send to; turning it off or changing the hour does not.
      if (request.body.enabled && state.devices === 0) {
        throw new AppError('VALIDATION_ERROR', m.noSubscription);
      }
      return reminders.save(me, request.body);
    },
  );
}
