import { reminderMessages as m } from '../../../domain/messages/reminders';
import type { ReminderState } from '../../../domain/reminders.schemas';
import { apiRequest } from '../../lib/api-client';
import { HttpError } from '../../lib/http-error';
import { type ReminderController, ReminderError } from './reminder-controller';

/** Web Push needs a service worker, the Push API and notifications (not every browser has them). */
export function webPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Paris';

/**
 * The web's reminder (beyond the spec, decision 032): this browser subscribes to Web Push
 * with the server's VAPID key, and the server sends the reminder at the chosen hour in this
 * device's time zone.
 */
export function webReminders(): ReminderController {
  const save = (enabled: boolean, time: string) =>
    apiRequest<ReminderState>('/api/reminders/settings', {
      method: 'PUT',
      body: { enabled, time, timeZone: timeZone() },
    });
  const failure = (error: unknown, fallback: string) =>
    error instanceof ReminderError
      ? error
      : new ReminderError(error instanceof HttpError ? error.message : fallback);
  return {
    async load() {
      const state = await apiRequest<ReminderState>('/api/reminders/settings');
      const subscription = await currentSubscription();
      // On for this browser only if it is subscribed: another device's subscription does not ring here.
      return { enabled: state.enabled && subscription !== null, time: state.time };
    },
    async enable(time) {
      try {
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') throw new ReminderError(m.permissionDenied);
        const registration = await navigator.serviceWorker.ready;
        const { publicKey } = await apiRequest<{ publicKey: string }>('/api/reminders/push-key');
        const subscription =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: publicKey,
          }));
        await apiRequest('/api/reminders/push-subscription', {
          method: 'PUT',
          body: subscription.toJSON(),
        });
        await save(true, time);
      } catch (error) {
        throw failure(error, m.setupError);
      }
    },
    async disable() {
      try {
        const subscription = await currentSubscription();
        const state = await apiRequest<ReminderState>('/api/reminders/settings');
        if (subscription) {
          await apiRequest('/api/reminders/push-subscription', {
            method: 'DELETE',
            body: { endpoint: subscription.endpoint },
          });
          await subscription.unsubscribe();
        }
        // Off everywhere once no browser of the reader is left.
        await save(false, state.time);
      } catch (error) {
        throw failure(error, m.updateError);
      }
    },
    async changeTime(time, enabled) {
      try {
        await save(enabled, time);
      } catch (error) {
        throw failure(error, m.updateError);
      }
    },
  };
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}
