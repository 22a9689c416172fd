import { z } from 'zod';
import { reminderMessages as m } from './messages/reminders';
import { isTimeZone, REMINDER_TIMES } from './reminders';

/** The reader's daily reminder as the card in Paramètres shows and saves it. */
export const reminderSettingsSchema = z.object({
  enabled: z.boolean({ error: m.badTime }),
  time: z
    .enum(REMINDER_TIMES, { error: m.badTime })
    .describe(`Une heure parmi ${REMINDER_TIMES.join(', ')}.`),
  timeZone: z
    .string({ error: m.badTimeZone })
    .max(64, m.badTimeZone)
    .refine(isTimeZone, m.badTimeZone)
    .describe('Fuseau horaire IANA de l’appareil (ex. Europe/Paris).'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** GET: the settings, and whether any of the reader's browsers can receive them. */
export const reminderStateSchema = reminderSettingsSchema.extend({
  devices: z.number().int().describe('Navigateurs abonnés aux notifications.'),
});
export type ReminderState = z.infer<typeof reminderStateSchema>;

/** A browser's PushSubscription.toJSON(): where and for which keys the server encrypts. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: m.badEndpoint }).max(2048, m.badEndpoint).url(m.badEndpoint),
  keys: z.object(
    {
      // P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
      p256dh: z
        .string({ error: m.badEndpoint })
        .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, m.badEndpoint),
      auth: z.string({ error: m.badEndpoint }).regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, m.badEndpoint),
    },
    { error: m.badEndpoint },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({
  endpoint: z.string({ error: m.badEndpoint }).max(2048, m.badEndpoint),
});

export const pushKeySchema = z.object({
  publicKey: z.string().describe('Clé publique VAPID (base64url) pour PushManager.subscribe.'),
});

export const reminderMessageSchema = z.object({ message: z.string() });
