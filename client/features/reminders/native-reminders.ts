import type { LocalNotificationsPlugin } from '@capacitor/local-notifications';
import { reminderMessages as m } from '../../../domain/messages/reminders';
import {
  DEFAULT_REMINDER_TIME,
  isReminderTime,
  REMINDER_BODY,
  REMINDER_NOTIFICATION_ID,
  REMINDER_TITLE,
  type ReminderTime,
  reminderClock,
} from '../../../domain/reminders';
import { type ReminderController, ReminderError } from './reminder-controller';

/** The plugin's calls the reminder uses: schedule, cancel, check, request permission. */
export type LocalNotifications = Pick<
  LocalNotificationsPlugin,
  'schedule' | 'cancel' | 'getPending' | 'checkPermissions' | 'requestPermissions'
>;

/** The chosen time is kept on the device under this key (default 20:00). */
export const REMINDER_TIME_KEY = 'reminder-time';

const ONE = { notifications: [{ id: REMINDER_NOTIFICATION_ID }] };

/**
 * The native app's reminder (docs/architecture.md#reminders-and-the-offline-app): a repeating daily
 * local notification, id 1001, titled with the product's name, at the chosen hour. Whether it is on
 * is whether the system holds notification 1001; the hour is kept in the device's storage.
 */
export function nativeReminders(plugin: LocalNotifications, storage: Storage): ReminderController {
  const storedTime = (): ReminderTime => {
    const value = storage.getItem(REMINDER_TIME_KEY);
    return value && isReminderTime(value) ? value : DEFAULT_REMINDER_TIME;
  };
  const schedule = async (time: ReminderTime) => {
    // One reminder at a time: the previous one (another hour) goes first.
    await plugin.cancel(ONE);
    await plugin.schedule({
      notifications: [
        {
          id: REMINDER_NOTIFICATION_ID,
          title: REMINDER_TITLE,
          body: REMINDER_BODY,
          schedule: { on: reminderClock(time), repeats: true, allowWhileIdle: true },
        },
      ],
    });
  };
  return {
    async load() {
      const pending = await plugin.getPending();
      return {
        enabled: pending.notifications.some((n) => n.id === REMINDER_NOTIFICATION_ID),
        time: storedTime(),
      };
    },
    async enable(time) {
      try {
        let permission = await plugin.checkPermissions();
        if (permission.display !== 'granted') permission = await plugin.requestPermissions();
        if (permission.display !== 'granted') throw new ReminderError(m.setupError);
        await schedule(time);
        storage.setItem(REMINDER_TIME_KEY, time);
      } catch (error) {
        throw error instanceof ReminderError ? error : new ReminderError(m.setupError);
      }
    },
    async disable() {
      try {
        await plugin.cancel(ONE);
      } catch {
        throw new ReminderError(m.updateError);
      }
    },
    async changeTime(time, enabled) {
      try {
        if (enabled) await schedule(time);
        storage.setItem(REMINDER_TIME_KEY, time);
      } catch {
        throw new ReminderError(m.updateError);
      }
    },
  };
}
