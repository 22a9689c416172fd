import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminExportsMessages as m } from '../../../domain/messages/admin';
import type { Db } from '../../db/client';
import { requireAdmin, requireReader } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { catalogueCsv, catalogueSql, missingSegmentsCsv } from './admin-exports';

/** Streams `chunks` as a download named `file`. */
function download(reply: FastifyReply, file: string, type: string, chunks: AsyncGenerator<string>) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}

/**
 * The dashboard's exports: signed out, 'Vous devez être connecté pour
 * exporter les données'; not an admin, 'Accès refusé: Droits administrateur requis'.
 */
export async function adminExportsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const about = (summary: string, produces: string) => ({
    summary,
    tags: ['Administration'],
    security: sessionRequired,
    produces: [produces],
    response: { 200: z.string().describe('Le fichier, envoyé au fil de sa lecture') },
  });

  r.get(
    '/api/admin/exports/catalogue.csv',
    {
      preHandler: [requireReader(m.signedOut), requireAdmin],
      schema: about('Le catalogue en CSV (séparateur ;)', 'text/csv'),
    },
    async (_request, reply) =>
      download(reply, 'catalogue.csv', 'text/csv; charset=utf-8', catalogueCsv(db)),
  );

  r.get(
    '/api/admin/exports/missing-segments.csv',
    {
      preHandler: [requireReader(m.signedOut), requireAdmin],
      schema: about('Les livres dont des segments n’ont pas de question, en CSV', 'text/csv'),
    },
    async (_request, reply) =>
      download(reply, 'segments-manquants.csv', 'text/csv; charset=utf-8', missingSegmentsCsv(db)),
  );

  r.get(
    '/api/admin/exports/read_export.sql',
    {
      preHandler: [requireReader(m.signedOut), requireAdmin],
      schema: about(
        'Export SQL complet du catalogue et des questions, à restaurer dans une base vide',
        'application/sql',
      ),
    },
    async (_request, reply) =>
      download(reply, 'read_export.sql', 'application/sql; charset=utf-8', catalogueSql(db)),
  );
}
