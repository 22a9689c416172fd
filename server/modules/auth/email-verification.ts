import type { BetterAuthOptions } from 'better-auth';
import { emailVerificationMessages as m } from '../../../domain/messages/email-verification';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queueMail } from '../../mail/mail.job';
import type { JobQueue } from '../jobs';
import { createAuthRepository } from './auth.repository';

/** A confirmation link stays valid a day: long enough for a mail read the next morning. */
export const VERIFICATION_EXPIRES_IN = 24 * 60 * 60;

/** The link of the mail: our own page (email-verification.routes.ts), not better-auth's. */
export const verificationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * better-auth's e-mail verification (its signed tokens, its verify step), sent at sign-up and
 * on request, never required to read. The mail goes through the job queue, so neither sign-up
 * nor a resend waits for the mail server. ADMIN_EMAILS grants rights only here, once the
 * mailbox is proven (and at start-up to verified readers): never at sign-up, or the first to
 * sign up with a listed address would be an administrator.
 */
export function emailVerificationOptions(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'adminEmails'>;
  queue: () => Pick<JobQueue, 'enqueue'>;
}): BetterAuthOptions['emailVerification'] {
  const { db, config } = deps;
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    expiresIn: VERIFICATION_EXPIRES_IN,
    sendVerificationEmail: async ({ user, token }) => {
      await queueMail(deps.queue(), db, {
        to: user.email,
        subject: m.mailSubject,
        text: m.mailText(verificationLink(config.publicUrl, token)),
      });
    },
    afterEmailVerification: async (user) => {
      const email = user.email.toLowerCase();
      if (config.adminEmails.includes(email)) {
        await createAuthRepository({ db }).grantAdmins([email]);
      }
    },
  };
}
