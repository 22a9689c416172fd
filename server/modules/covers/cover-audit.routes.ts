import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAdmin, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { recordAdminAction } from '../audit';
import { limited, writeLimits } from '../rate-limits';
import { type AuditLine, runCoverAudit } from './cover-audit';

/**
 * POST /api/admin/audit: runs the audit and streams its log, one JSON line per step as it
 * ends (application/x-ndjson), so the page shows each step live; the last line says
 * 'Audit terminé : TOUT OK' or 'Échec: …'. The run is recorded in the audit trail.
 */
export async function coverAuditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Not typed by the zod provider: the body is a stream, the schema documents its lines.
  app.post(
    '/api/admin/audit',
    {
      preHandler: requireAdmin,
      config: limited('admin:cover-audit', writeLimits.admin),
      schema: {
        summary:
          "Lancer l'audit des couvertures (journal en direct, une ligne JSON par étape, arrêt au premier échec)",
        tags: ['Administration'],
        security: sessionRequired,
        produces: ['application/x-ndjson'],
        response: {
          200: z.string().describe('Une ligne JSON par étape, puis { type: "done", ok, message }'),
        },
      },
    },
    async (request, reply) => {
      const admin = signedIn(request);
      async function* lines() {
        let last: AuditLine | null = null;
        for await (const line of runCoverAudit({ app, db, reader: admin })) {
          last = line;
          yield `${JSON.stringify(line)}\n`;
        }
        await recordAdminAction(db, {
          adminId: admin.id,
          action: 'covers.audit.run',
          entity: 'audit',
          after: last?.type === 'done' ? { ok: last.ok, message: last.message } : null,
        });
      }
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(lines()));
    },
  );
}
