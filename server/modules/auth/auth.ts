import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { resetPasswordMail } from '../../../domain/messages/mail';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { authLogger } from '../../logging';
import type { Mailer } from '../../mail/mailer';
import type { JobQueue } from '../jobs';
import { createAuthRepository } from './auth.repository';
import { accounts, sessions, users, verifications } from './auth.table';
import { createDeviceCookies } from './device-cookie';
import { emailVerificationOptions } from './email-verification';
import { type ScryptCost, scryptPasswords } from './password-hash';
import { createSessionReader, type SessionSettings } from './session-reader';

export type AuthOptions = {
  db: Db;
  config: Config;
  secret: string;
  mailer: Mailer;
  /** The job queue (made after auth): verification mails go through its mail job. */
  queue: () => Pick<JobQueue, 'enqueue'>;
  /** better-auth's own log lines go here, without a failed query's parameters. */
  log?: FastifyBaseLogger;
  /** Readers' password hashing cost: readerPasswordCost unless a test suite sets it. */
  passwordCost?: ScryptCost | undefined;
};

const DAY = 24 * 60 * 60;
const sessionSettings: SessionSettings = { expiresIn: 30 * DAY, updateAge: DAY };

/**
 * better-auth does passwords (scrypt), database sessions and reset tokens. Its HTTP handler
 * is not mounted: our own routes (auth.routes.ts) validate in French, rate-limit, then call
 * `auth.api.*`. So its own rate limiter and telemetry are off.
 */
export function createAuth(options: AuthOptions) {
  const { db, config, secret, mailer, queue, log } = options;
  const instance = betterAuth({
    appName: 'Lisons',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: scryptPasswords(options.passwordCost),
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // better-auth consumes only the link used: the account's other links must die with it.
      onPasswordReset: async ({ user }) => {
        await createAuthRepository({ db }).revokeResetTokens(user.id);
      },
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: resetPasswordMail.subject,
          text: resetPasswordMail.text(link),
        });
      },
    },
    // A link mailed at sign-up proves the mailbox; the reader reads meanwhile (not required),
    // but administrator rights and our own mails wait for it (email-verification.ts).
    emailVerification: emailVerificationOptions({ db, config, queue }),
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: false },
        avatarUrl: { type: 'string', required: false, input: false },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        isPremium: { type: 'boolean', required: false, defaultValue: false, input: false },
        premiumSince: { type: 'date', required: false, input: false },
      },
    },
    session: sessionSettings,
    ...(log ? { logger: authLogger(log) } : {}),
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    trustedOrigins: [config.publicUrl],
    advanced: {
      cookiePrefix: 'lisons',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: 'uuid' },
    },
  });
  // The read path of sessions, cached (see session-reader.ts); better-auth keeps every
  // write: sign-in, refresh, expiry, sign-out.
  const sessionReader = createSessionReader({
    db,
    secret,
    settings: sessionSettings,
    cookieName: instance.$context.then((context) => context.authCookies.sessionToken.name),
  });
  return Object.assign(instance, {
    readSession: sessionReader.read,
    /** Drops cached sessions: on NOTIFY, and at once after this process's own changes. */
    forgetSessions: sessionReader.forget,
    /** "This browser signed in to this account before": sign-in's rate limits (decision 012). */
    deviceCookies: createDeviceCookies({
      secret,
      secure: config.publicUrl.startsWith('https://'),
    }),
  });
}

export type Auth = ReturnType<typeof createAuth>;
