import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { reminderSchedule } from './due-reminders';
import { createPushSender } from './reminder-push';
import { createRemindersRepository } from './reminders.repository';
import { type VapidKeys, vapidKeys } from './vapid-keys';

/**
 * Web Push reminders wired for app.ts: the VAPID keys read once per process (from the
 * configuration or app_settings), the every-5-minutes schedule, and the routes' options.
 */
export function createReminders(deps: {
  db: Db;
  config: Pick<Config, 'vapid' | 'publicUrl' | 'env'>;
  log: FastifyBaseLogger;
}) {
  let keys: Promise<VapidKeys> | undefined;
  const pushKeys = () => {
    keys ??= vapidKeys(deps.db, deps.config).catch((error: unknown) => {
      keys = undefined; // tried again next time
      throw error;
    });
    return keys;
  };
  const reminders = createRemindersRepository({ db: deps.db });
  return {
    schedule: reminderSchedule({
      reminders,
      send: async () => createPushSender(await pushKeys()),
      log: deps.log,
    }),
    routeOptions: {
      db: deps.db,
      keys: pushKeys,
      allowLocalEndpoints: deps.config.env !== 'production',
    },
  };
}
