import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../domain/api.schemas';
import { emailVerificationStatusSchema } from '../../../domain/email-verification.schemas';
import { emailVerificationMessages as m } from '../../../domain/messages/email-verification';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireSession, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { paragraph, sendPlainPage } from '../../plugins/plain-page';
import type { RateLimitsRepository } from '../rate-limits';
import { countedByHandler, enforceRateLimits } from '../rate-limits';
import type { Auth } from './auth';
import { authLimits } from './auth.limits';
import { createAuthRepository } from './auth.repository';
import { authHeaders } from './session';

type Options = { db: Db; auth: Auth; rateLimits: RateLimitsRepository };

/** The link's French page: no script, works signed in or not, in any browser. */
const page = (reply: FastifyReply, status: number, text: string, role: 'status' | 'alert') =>
  sendPlainPage(reply, {
    status,
    title: m.pageTitle,
    body: paragraph(text, role),
    link: { href: '/profile', text: m.toSettings },
  });

/** better-auth's error code of a failed `auth.api` call, if it is one. */
const codeOf = (error: unknown) => {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
};

/** The mailed link's page, and Paramètres' status and resend (better-auth's verification). */
export async function emailVerificationRoutes(
  app: FastifyInstance,
  { db, auth, rateLimits }: Options,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repository = createAuthRepository({ db });
  const tags = ['Compte'];

  // Outside /api: a link opened from a mail, in whatever browser, signed in or not. Only the
  // signed token proves anything, and all it does is mark that one address as confirmed.
  r.get(
    '/verify-email',
    { schema: { hide: true, querystring: z.object({ token: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      try {
        await auth.api.verifyEmail({ query: { token: request.query.token ?? '' } });
      } catch (error) {
        const code = codeOf(error);
        if (code === 'TOKEN_EXPIRED') return page(reply, 400, m.expired, 'alert');
        if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND' || error instanceof z.ZodError)
          return page(reply, 400, m.invalid, 'alert');
        throw error;
      }
      // Rights granted on verification take effect now in this process (NOTIFY for the others).
      auth.forgetSessions();
      return page(reply, 200, m.verified, 'status');
    },
  );

  // The address is how an account is recovered: the reader's own session only, no token.
  r.get(
    '/api/account/email-verification',
    {
      preHandler: requireSession(),
      schema: {
        summary: 'Mon adresse e-mail est-elle confirmée ?',
        tags,
        security: sessionRequired,
        response: { 200: emailVerificationStatusSchema },
      },
    },
    async (request) => ({ verified: await repository.isEmailVerified(signedIn(request).id) }),
  );

  r.post(
    '/api/account/email-verification',
    {
      config: countedByHandler('per reader and per address an hour (authLimits)'),
      preHandler: requireSession(),
      schema: {
        summary: 'Renvoyer l’e-mail de confirmation de mon adresse',
        tags,
        security: sessionRequired,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const reader = signedIn(request);
      // Each resend mails someone: a few an hour per reader, and per address for many accounts.
      await enforceRateLimits(rateLimits, [
        { key: `verify-resend:ip:${request.ip}`, rule: authLimits.verifyResendPerIp },
        { key: `verify-resend:reader:${reader.id}`, rule: authLimits.verifyResendPerAccount },
      ]);
      try {
        await auth.api.sendVerificationEmail({
          body: { email: reader.email },
          headers: authHeaders(request),
        });
      } catch (error) {
        if (codeOf(error) === 'EMAIL_ALREADY_VERIFIED') {
          throw new AppError('CONFLICT', m.alreadyVerified);
        }
        throw error;
      }
      return { message: m.resent };
    },
  );
}
