import type { JobExecutor, JobHandler, JobQueue } from '../modules/jobs/jobs.worker';
import type { Mail, Mailer } from './mailer';

// A mail about an event (a request received or done, an account deleted, a password
// changed) is queued in the event's transaction: it is sent only if the event commits,
// never holds the request up, and is tried again while the mail server fails.

export const MAIL_JOB = 'mail';

export function mailJobHandlers(mailer: Mailer): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: async (payload) => {
      await mailer.send({
        to: String(payload.to),
        subject: String(payload.subject),
        text: String(payload.text),
      });
    },
  };
}

/** Queues one mail through the event's transaction. */
export async function queueMail(
  jobs: Pick<JobQueue, 'enqueue'>,
  tx: JobExecutor,
  mail: Mail,
): Promise<void> {
  await jobs.enqueue(tx, MAIL_JOB, { to: mail.to, subject: mail.subject, text: mail.text });
}
