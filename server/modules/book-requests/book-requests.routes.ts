import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBookRequestsQuerySchema,
  adminBookRequestsSchema,
  bookRequestBodySchema,
  bookRequestParamsSchema,
  bookRequestSchema,
  bookRequestStatusBodySchema,
  myBookRequestsSchema,
} from '../../../domain/book-requests.schemas';
import { requireAdmin, requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import type { createBookRequestsService } from './book-requests.service';

type Service = ReturnType<typeof createBookRequestsService>;

/** /request-book's calls (premium readers) and /admin/book-requests' (administrators). */
export async function bookRequestsRoutes(
  app: FastifyInstance,
  { requests }: { requests: Service },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Demandes de livres'];
  const about = (summary: string) => ({ summary, tags, security: sessionRequired });

  r.get(
    '/api/book-requests',
    {
      preHandler: requireReader(),
      schema: {
        ...about('Mes demandes de livres et combien je peux en envoyer encore'),
        response: { 200: myBookRequestsSchema },
      },
    },
    async (request) => requests.mine(signedIn(request).id),
  );

  r.post(
    '/api/book-requests',
    {
      config: limited('book-requests', writeLimits.reader),
      preHandler: requireReader(),
      schema: {
        ...about('Demander un livre (Premium, deux demandes en cours au plus)'),
        body: bookRequestBodySchema,
        response: { 201: bookRequestSchema },
      },
    },
    async (request, reply) => {
      const created = await requests.send(signedIn(request), request.body);
      return reply.code(201).send(created);
    },
  );

  const admin = (summary: string) => ({ ...about(summary), tags: ['Administration'] });

  r.get(
    '/api/admin/book-requests',
    {
      preHandler: requireAdmin,
      schema: {
        ...admin('Les demandes de livres, les plus récentes d’abord, filtrées par statut'),
        querystring: adminBookRequestsQuerySchema,
        response: { 200: adminBookRequestsSchema },
      },
    },
    async (request) => ({ items: await requests.list(request.query.status) }),
  );

  r.patch(
    '/api/admin/book-requests/:id',
    {
      config: limited('admin:book-requests', writeLimits.admin),
      preHandler: requireAdmin,
      schema: {
        ...admin('Changer le statut d’une demande (Complété prévient le lecteur)'),
        params: bookRequestParamsSchema,
        body: bookRequestStatusBodySchema,
        response: { 200: bookRequestSchema },
      },
    },
    async (request) =>
      requests.setStatus(signedIn(request).id, request.params.id, request.body.status),
  );
}
