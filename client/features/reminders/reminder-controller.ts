import type { ReminderTime } from '../../../domain/reminders';

/** The reminder as the card shows it. */
export type ReminderView = { enabled: boolean; time: ReminderTime };

/**
 * What the card in Paramètres does, on the native app (local notifications) or on the web
 * (Web Push through the server). A failure throws a ReminderError carrying its French text.
 */
export type ReminderController = {
  load: () => Promise<ReminderView>;
  /** Asks permission and starts the daily reminder at `time`. */
  enable: (time: ReminderTime) => Promise<void>;
  disable: () => Promise<void>;
  /** A new hour: the reminder follows it when it is on (and is remembered when off). */
  changeTime: (time: ReminderTime, enabled: boolean) => Promise<void>;
};

export class ReminderError extends Error {}
