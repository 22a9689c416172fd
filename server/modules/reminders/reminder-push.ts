import type { Agent } from 'node:https';
import webpush from 'web-push';
import { REMINDER_BODY, REMINDER_TITLE } from '../../../domain/reminders';
import type { VapidKeys } from './vapid-keys';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** What became of one push: delivered, refused for good (the subscription is gone), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';
export type PushSender = (target: PushTarget, payload: string) => Promise<PushOutcome>;

/** The reminder's payload, read by the service worker (client/sw/push.ts). */
export const reminderPayload = JSON.stringify({
  title: REMINDER_TITLE,
  body: REMINDER_BODY,
  url: '/home',
  tag: 'lisons-reminder',
});

/**
 * Sends one encrypted Web Push message (RFC 8291, aes128gcm) signed with the VAPID keys.
 * 404 and 410 mean the browser dropped the subscription. `agent` lets tests trust their
 * local push endpoint's certificate.
 */
export function createPushSender(keys: VapidKeys, options: { agent?: Agent } = {}): PushSender {
  return async (target, payload) => {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: keys,
          // Kept by the push service for an hour: a reminder for tonight, not tomorrow.
          TTL: 3600,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  };
}
