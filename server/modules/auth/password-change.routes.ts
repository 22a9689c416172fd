import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangeBodySchema } from '../../../domain/account.schemas';
import { messageSchema } from '../../../domain/api.schemas';
import { passwordChangeMessages as m } from '../../../domain/messages/account';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { queueMail } from '../../mail/mail.job';
import { requireSession, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import type { JobQueue } from '../jobs';
import { limited } from '../rate-limits';
import type { Auth } from './auth';
import { passwordCheckLimit, passwordMatches } from './password-check';
import { authHeaders, forwardCookies } from './session';

type Options = {
  db: Db;
  auth: Auth;
  jobs: Pick<JobQueue, 'enqueue'>;
  publicUrl: string;
};

/**
 * Paramètres' 'Changer le mot de passe': the current password, then a new one under the
 * reset rules; the reader's other sessions are signed out and a notice is mailed.
 */
export async function passwordChangeRoutes(
  app: FastifyInstance,
  { db, auth, jobs, publicUrl }: Options,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/account/password',
    {
      config: limited('password-check', { ...passwordCheckLimit, per: 'reader' }),
      preHandler: requireSession(), // never a personal API token
      schema: {
        summary: 'Changer mon mot de passe (mes autres sessions sont fermées)',
        tags: ['Compte'],
        security: sessionRequired,
        body: passwordChangeBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const reader = signedIn(request);
      const { currentPassword, password } = request.body;
      if (!(await passwordMatches(auth, db, reader.id, currentPassword))) {
        throw new AppError('VALIDATION_ERROR', m.currentWrong);
      }
      const { headers } = await auth.api.changePassword({
        body: { currentPassword, newPassword: password, revokeOtherSessions: true },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      auth.forgetSessions();
      forwardCookies(headers, reply); // this browser's new session
      await queueMail(jobs, db, {
        to: reader.email,
        subject: m.mailSubject,
        text: fill(m.mailText, { url: `${publicUrl}/auth` }),
      });
      return { message: m.done };
    },
  );
}
