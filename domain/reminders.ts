/**
 * The daily reading reminder (docs/architecture.md#reminders-and-the-offline-app): the times a
 * reader may choose, the native notification's id and texts. Shared by the card in Paramètres, the
 * native scheduler and the server's Web Push reminders (decision 032).
 */
export const REMINDER_TIMES = ['18:00', '19:00', '20:00', '21:00', '22:00'] as const;
export type ReminderTime = (typeof REMINDER_TIMES)[number];
export const DEFAULT_REMINDER_TIME: ReminderTime = '20:00';
/** The native local notification's id: one reminder, replaced when rescheduled. */
export const REMINDER_NOTIFICATION_ID = 1001;
/** The notification's title is the product's name. */
export const REMINDER_TITLE = 'Lisons';
export const REMINDER_BODY = '20 minutes de lecture ce soir';

export function isReminderTime(value: string): value is ReminderTime {
  return (REMINDER_TIMES as readonly string[]).includes(value);
}

/** '20:00' → { hour: 20, minute: 0 }. */
export function reminderClock(time: ReminderTime): { hour: number; minute: number } {
  const [hour = 20, minute = 0] = time.split(':').map(Number);
  return { hour, minute };
}

/** A time zone this runtime knows (IANA name), as the reader's browser reports it. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}
