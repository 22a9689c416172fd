import type { JobHandler } from '../jobs';
import type { Auth } from './auth';

/** The job that makes a reset token and mails it, queued by POST /api/auth/password-reset. */
export const PASSWORD_RESET_JOB = 'password-reset';

/**
 * The auth module's jobs. A reset is done outside the request, so its answer neither waits
 * for the mail server nor depends on whether the address has an account; a mail server that
 * fails makes the job try again later.
 */
export function authJobHandlers(auth: Auth): Record<string, JobHandler> {
  return {
    [PASSWORD_RESET_JOB]: async (payload) => {
      await auth.api.requestPasswordReset({ body: { email: String(payload.email) } });
    },
  };
}
