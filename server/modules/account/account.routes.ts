import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeletionBodySchema, accountExportSchema } from '../../../domain/account.schemas';
import { messageSchema } from '../../../domain/api.schemas';
import { deleteAccountMessages as m } from '../../../domain/messages/account';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, requireSession, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import type { Auth } from '../auth';
import { clearedSessionCookie, passwordCheckLimit, passwordMatches } from '../auth';
import type { JobQueue } from '../jobs';
import { limited, writeLimits } from '../rate-limits';
import { createAccountService } from './account.service';

type Options = {
  db: Db;
  auth: Auth;
  jobs: Pick<JobQueue, 'enqueue'>;
};

const day = () => new Date().toISOString().slice(0, 10);

/** The reader's own account: deletion and the export of their data (decisions 027, 052). */
export async function accountRoutes(app: FastifyInstance, { db, auth, jobs }: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const account = createAccountService({ db, jobs });
  const tags = ['Compte'];

  r.post(
    '/api/account/delete',
    {
      config: limited('password-check', { ...passwordCheckLimit, per: 'reader' }),
      // A 401 is the spec's 'Session expirée…' on the page (the API's own sentence here).
      // Never a personal API token: only the reader, signed in, deletes their account.
      preHandler: requireSession(),
      schema: {
        summary: 'Supprimer mon compte et tout ce qui m’appartient (mot de passe requis)',
        tags,
        security: sessionRequired,
        body: accountDeletionBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const reader = signedIn(request);
      if (!(await passwordMatches(auth, db, reader.id, request.body.password))) {
        throw new AppError('FORBIDDEN', m.passwordWrong);
      }
      await account.delete(reader);
      // Signed out everywhere: the sessions are gone, every process drops its cached ones.
      auth.forgetSessions();
      reply.header('set-cookie', await clearedSessionCookie(auth));
      return { message: m.deleted };
    },
  );

  r.get(
    '/api/account/export',
    {
      preHandler: requireReader(),
      schema: {
        summary: 'Exporter toutes mes données (JSON)',
        tags,
        security: sessionRequired,
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', `attachment; filename="lisons-donnees-${day()}.json"`);
      reply.header('cache-control', 'no-store');
      return account.export(signedIn(request));
    },
  );

  r.get(
    '/api/account/export/reading-history.csv',
    {
      preHandler: requireReader(),
      schema: {
        summary: 'Exporter mon historique de lecture (CSV)',
        tags,
        security: sessionRequired,
        response: { 200: z.string().describe('CSV : date, titre, auteur, segment, joker') },
      },
    },
    async (request, reply) => {
      const csv = await account.historyCsv(signedIn(request).id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="lisons-historique-${day()}.csv"`);
      reply.header('cache-control', 'no-store');
      return csv;
    },
  );

  // The library in another service's own format, for its import (decision 052): the reader's
  // list only, read whole, so counted like the other costly routes (both share one counter).
  const libraries = [
    { format: 'goodreads', service: 'Goodreads' },
    { format: 'storygraph', service: 'StoryGraph' },
  ] as const;
  for (const { format, service } of libraries) {
    r.get(
      `/api/account/export/${format}.csv`,
      {
        config: limited('library-export', writeLimits.costly),
        preHandler: requireReader(),
        schema: {
          summary: `Exporter ma bibliothèque au format CSV de ${service}`,
          tags,
          security: sessionRequired,
          response: { 200: z.string().describe(`CSV : l’en-tête et les colonnes de ${service}`) },
        },
      },
      async (request, reply) => {
        const csv = await account.libraryCsv(signedIn(request).id, format);
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header(
          'content-disposition',
          `attachment; filename="lisons-bibliotheque-${format}-${day()}.csv"`,
        );
        reply.header('cache-control', 'no-store');
        return csv;
      },
    );
  }
}
