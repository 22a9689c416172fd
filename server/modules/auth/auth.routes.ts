import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  credentialsSchema,
  newPasswordSchema,
  resetRequestSchema,
  resetTokenStatusSchema,
  sessionSchema,
  signedInSchema,
} from '../../../domain/accounts.schemas';
import { messageSchema } from '../../../domain/api.schemas';
import { accountMessages as m } from '../../../domain/messages/accounts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { sessionOptional } from '../../plugins/openapi';
import type { JobQueue } from '../jobs';
import type { RateLimitsRepository } from '../rate-limits';
import { countedByHandler, enforceRateLimits, limited, writeLimits } from '../rate-limits';
import type { Auth } from './auth';
import { PASSWORD_RESET_JOB } from './auth.jobs';
import { authLimits } from './auth.limits';
import { createAuthRepository } from './auth.repository';
import { authHeaders, forwardCookies, toSessionUser } from './session';

type Options = {
  db: Db;
  auth: Auth;
  rateLimits: RateLimitsRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Accounts one address may create per hour (SIGN_UP_RATE_LIMIT). */
  signUpPerHour: number;
};

/** better-auth's error code of a failed `auth.api` call, if it is one. */
function authErrorCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** Sign-up, sign-in, sign-out, session and password reset, over better-auth. */
export async function authRoutes(
  app: FastifyInstance,
  { db, auth, rateLimits, jobs, signUpPerHour }: Options,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repository = createAuthRepository({ db });

  const tags = ['Compte'];
  const signUpSchema = {
    summary: 'Créer un compte (le lecteur est connecté)',
    tags,
    body: credentialsSchema,
    response: { 201: signedInSchema },
  };
  r.post(
    '/api/auth/sign-up',
    { config: countedByHandler('per address, SIGN_UP_RATE_LIMIT an hour'), schema: signUpSchema },
    async (request, reply) => {
      const { email, password } = request.body;
      await enforceRateLimits(rateLimits, [
        {
          key: `sign-up:ip:${request.ip}`,
          rule: { ...authLimits.signUpPerIp, limit: signUpPerHour },
        },
      ]);
      try {
        const { headers, response } = await auth.api.signUpEmail({
          body: { email, password, name: '' },
          headers: authHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(headers, reply);
        // A new account's own browser is known to it from the start (decision 012).
        reply.header('set-cookie', auth.deviceCookies.issue(request.headers.cookie, email));
        return reply.status(201).send({ user: toSessionUser(response.user) });
      } catch (error) {
        if (authErrorCode(error)?.startsWith('USER_ALREADY_EXISTS')) {
          throw new AppError('ALREADY_EXISTS', m.emailTaken);
        }
        throw error;
      }
    },
  );

  const signInSchema = {
    summary: 'Se connecter',
    tags,
    body: credentialsSchema,
    response: { 200: signedInSchema },
  };
  r.post(
    '/api/auth/sign-in',
    {
      config: countedByHandler('by address, by account and by both (decision 012)'),
      schema: signInSchema,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const { cookie } = request.headers;
      // Decision 012: a botnet's guesses slow an account down, but never for a browser that
      // signed in to it before (its device cookie), so nobody can lock a reader out.
      const accountLimit = auth.deviceCookies.knows(cookie, email)
        ? []
        : [{ key: `sign-in:email:${email}`, rule: authLimits.signInPerAccount }];
      await enforceRateLimits(rateLimits, [
        { key: `sign-in:ip:${request.ip}`, rule: authLimits.signInPerIp },
        // A space, in neither an e-mail nor an address, keeps the pairs apart.
        { key: `sign-in:email-ip:${email} ${request.ip}`, rule: authLimits.signInPerAccountAndIp },
        ...accountLimit,
      ]);
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email, password },
          headers: authHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(headers, reply);
        reply.header('set-cookie', auth.deviceCookies.issue(cookie, email));
        return { user: toSessionUser(response.user) };
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_EMAIL_OR_PASSWORD') {
          throw new AppError('INVALID_CREDENTIALS', m.wrongCredentials);
        }
        throw error;
      }
    },
  );

  const signOutSchema = {
    summary: 'Se déconnecter',
    tags,
    security: sessionOptional,
    response: { 200: messageSchema },
  };
  r.post(
    '/api/auth/sign-out',
    { config: limited('sign-out', writeLimits.visitor), schema: signOutSchema },
    async (request, reply: FastifyReply) => {
      const { headers } = await auth.api.signOut({
        headers: authHeaders(request),
        returnHeaders: true,
      });
      auth.forgetSessions();
      forwardCookies(headers, reply);
      return { message: m.signOutSuccess };
    },
  );

  const sessionRouteSchema = {
    summary: 'Le lecteur connecté, ou null',
    tags,
    security: sessionOptional,
    response: { 200: sessionSchema },
  };
  r.get('/api/auth/session', { schema: sessionRouteSchema }, async (request) => ({
    user: request.reader,
  }));

  const resetSchema = {
    summary: 'Demander un lien de réinitialisation du mot de passe',
    tags,
    body: resetRequestSchema,
    response: { 200: messageSchema },
  };
  r.post(
    '/api/auth/password-reset',
    { config: countedByHandler('by address and by account (authLimits)'), schema: resetSchema },
    async (request) => {
      const { email } = request.body;
      await enforceRateLimits(rateLimits, [
        { key: `reset:ip:${request.ip}`, rule: authLimits.resetPerIp },
        { key: `reset:email:${email}`, rule: authLimits.resetPerAccount },
      ]);
      // Queued, not done here: the same answer, as fast, whether or not a reader has this
      // address, and never waiting for the mail server (auth.jobs.ts).
      await jobs.enqueue(db, PASSWORD_RESET_JOB, { email });
      return { message: m.resetSent };
    },
  );

  r.get(
    '/api/auth/password-reset/:token',
    {
      schema: {
        summary: 'Le lien de réinitialisation est-il encore valable ?',
        tags,
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: resetTokenStatusSchema },
      },
    },
    async (request) => ({ valid: await repository.isResetTokenValid(request.params.token) }),
  );

  r.post(
    '/api/auth/password-reset/confirm',
    {
      config: limited('password-reset-confirm', writeLimits.visitor),
      schema: {
        summary: 'Choisir un nouveau mot de passe',
        tags,
        body: newPasswordSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password } });
        auth.forgetSessions(); // the reader's other sessions are revoked
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_TOKEN' || authErrorCode(error) === 'USER_NOT_FOUND') {
          throw new AppError('INVALID_TOKEN', m.resetExpired);
        }
        throw error;
      }
      return { message: m.resetDone };
    },
  );
}
