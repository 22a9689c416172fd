import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBookParamsSchema,
  bookQuestionsSchema,
  questionInputSchema,
  questionParamsSchema,
  questionsImportResultSchema,
  questionsImportSchema,
} from '../../../domain/admin-books.schemas';
import type { Db } from '../../db/client';
import { requireAdmin, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import { createAdminQuestionsService } from './admin-questions.service';

/**
 * A book's questions, one per segment, and their bulk import (docs/architecture.md#back-office).
 * Admins only.
 */
export async function adminQuestionsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminQuestionsService({ db });
  const about = (summary: string) => ({
    summary,
    tags: ['Administration'],
    security: sessionRequired,
  });

  r.get(
    '/api/admin/books/:id/questions',
    {
      preHandler: requireAdmin,
      schema: {
        ...about('Chaque segment du livre avec sa question et sa réponse'),
        params: adminBookParamsSchema,
        response: { 200: bookQuestionsSchema },
      },
    },
    async (request) => service.list(request.params.id),
  );

  r.put(
    '/api/admin/books/:id/questions/:segment',
    {
      preHandler: requireAdmin,
      config: limited('admin:question-put', writeLimits.admin),
      schema: {
        ...about('Écrire la question d’un segment (réponse : un seul mot, gardée en minuscules)'),
        params: questionParamsSchema,
        body: questionInputSchema,
        response: { 200: bookQuestionsSchema },
      },
    },
    async (request) =>
      service.put(signedIn(request).id, request.params.id, request.params.segment, request.body),
  );

  r.delete(
    '/api/admin/books/:id/questions/:segment',
    {
      preHandler: requireAdmin,
      config: limited('admin:question-delete', writeLimits.admin),
      schema: {
        ...about('Retirer la question d’un segment'),
        params: questionParamsSchema,
        response: { 200: bookQuestionsSchema },
      },
    },
    async (request) =>
      service.remove(signedIn(request).id, request.params.id, request.params.segment),
  );

  r.post(
    '/api/admin/books/:id/questions/import',
    {
      preHandler: requireAdmin,
      config: limited('admin:question-import', writeLimits.admin),
      schema: {
        ...about(
          'Importer les questions d’un livre (JSON de data/questions ou CSV) : tout ou rien, erreurs numérotées par ligne',
        ),
        params: adminBookParamsSchema,
        body: questionsImportSchema,
        response: { 200: questionsImportResultSchema },
      },
    },
    async (request) =>
      service.import(
        signedIn(request).id,
        request.params.id,
        request.body.format,
        request.body.content,
      ),
  );
}
