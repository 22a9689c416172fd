import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditTrailQuerySchema, auditTrailSchema } from '../../../domain/admin-audit.schemas';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { createAuditRepository } from './audit.repository';

/** The administrators' audit trail, read-only (writes come from recordAdminAction). */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const audit = createAuditRepository({ db });
  r.get(
    '/api/admin/audit-trail',
    {
      preHandler: requireAdmin,
      schema: {
        summary:
          'Le journal des actions des administrateurs, du plus récent au plus ancien, filtré par administrateur, action, élément et dates (50 par page)',
        tags: ['Administration'],
        security: sessionRequired,
        querystring: auditTrailQuerySchema,
        response: { 200: auditTrailSchema },
      },
    },
    async (request) => audit.page(request.query),
  );
}
