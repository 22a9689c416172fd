import { z } from 'zod';
import { deployWebhookMessages as m } from './messages/admin';

// The deploy webhook's contracts (docs/architecture.md#back-office): the URL lives on the server.

/** An https URL, or '' to remove it. */
export const deployWebhookInputSchema = z.strictObject({
  url: z
    .string({ error: m.invalidUrl })
    .trim()
    .max(2000, m.invalidUrl)
    .refine((text) => text === '' || URL.canParse(text), m.invalidUrl)
    .refine(
      (text) => text === '' || !URL.canParse(text) || new URL(text).protocol === 'https:',
      m.httpsOnly,
    ),
});

export const deployWebhookSchema = z.object({ url: z.string().nullable() });
export type DeployWebhook = z.infer<typeof deployWebhookSchema>;

export const deployTriggeredSchema = z.object({ message: z.string() });

/** The body POSTed to the webhook. */
export const DEPLOY_TRIGGER = { trigger: 'lisons-admin' } as const;
