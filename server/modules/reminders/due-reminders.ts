import type { FastifyBaseLogger } from 'fastify';
import type { ScheduledJob } from '../jobs';
import { PARIS } from '../jobs';
import { type PushSender, reminderPayload } from './reminder-push';
import type { RemindersRepository } from './reminders.repository';

/** The schedule's (and its pg-boss queue's) name. */
export const DAILY_REMINDERS = 'daily-reminders';
/**
 * Every 5 minutes: the chosen times are whole hours, and a run that comes late (a restart)
 * still sends within the hour. pg-boss runs each occurrence once across processes.
 */
export const DAILY_REMINDERS_CRON = '*/5 * * * *';
/** Pushes sent at once: a push service answers in tens of milliseconds. */
const PARALLEL = 16;

export type ReminderRun = { sent: number; gone: number; failed: number };

/**
 * Sends the reminders due at `at` (the occurrence's instant, never the clock). The readers'
 * days are claimed first (reminders.repository.ts claimDue), so a crash after the claim loses
 * tonight's reminder rather than sending it twice. Subscriptions the push service calls gone
 * (404, 410) are deleted.
 */
export async function sendDueReminders(
  deps: { reminders: RemindersRepository; send: PushSender },
  at: Date,
): Promise<ReminderRun> {
  const targets = await deps.reminders.claimDue(at);
  const run: ReminderRun = { sent: 0, gone: 0, failed: 0 };
  for (let i = 0; i < targets.length; i += PARALLEL) {
    const outcomes = await Promise.all(
      targets.slice(i, i + PARALLEL).map(async (target) => {
        const outcome = await deps.send(target, reminderPayload);
        if (outcome === 'gone') await deps.reminders.forget(target.endpoint);
        return outcome;
      }),
    );
    for (const outcome of outcomes) run[outcome] += 1;
  }
  return run;
}

/** The schedule app.ts hands to startJobWorker. */
export function reminderSchedule(deps: {
  reminders: RemindersRepository;
  send: () => Promise<PushSender>;
  log: FastifyBaseLogger;
}): ScheduledJob {
  return {
    name: DAILY_REMINDERS,
    cron: DAILY_REMINDERS_CRON,
    timeZone: PARIS,
    run: async ({ scheduledFor }) => {
      const run = await sendDueReminders(
        { reminders: deps.reminders, send: await deps.send() },
        scheduledFor,
      );
      if (run.sent + run.gone + run.failed > 0)
        deps.log.info({ reminders: run }, 'daily reminders');
    },
  };
}
