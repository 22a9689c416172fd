import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBookParamsSchema,
  adminBookSchema,
  adminBooksPageSchema,
  adminBooksQuerySchema,
  bookChangesSchema,
  bookRemovalSchema,
  bookUsageSchema,
  newBookSchema,
  segmentStatusPageSchema,
  segmentStatusQuerySchema,
} from '../../../domain/admin-books.schemas';
import type { Db } from '../../db/client';
import { requireAdmin, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import type { BookReaders } from '../reading';
import { createAdminBooksService } from './admin-books.service';
import { createAdminSegmentsRepository } from './admin-segments.repository';

/**
 * The dashboard's books tab (docs/architecture.md#back-office): the whole catalogue, add, edit,
 * delete (or unpublish), and every book's segment status. Administrators only.
 */
export async function adminBooksRoutes(
  app: FastifyInstance,
  { db, bookReaders }: { db: Db; bookReaders: BookReaders },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminBooksService({ db, bookReaders });
  const segments = createAdminSegmentsRepository({ db });
  const about = (summary: string) => ({
    summary,
    tags: ['Administration'],
    security: sessionRequired,
  });

  r.get(
    '/api/admin/books',
    {
      preHandler: requireAdmin,
      schema: {
        ...about('Le catalogue entier (publiés ou non) : recherche, tri, 25 livres par page'),
        querystring: adminBooksQuerySchema,
        response: { 200: adminBooksPageSchema },
      },
    },
    async (request) => service.page(request.query),
  );

  r.post(
    '/api/admin/books',
    {
      preHandler: requireAdmin,
      config: limited('admin:book-create', writeLimits.admin),
      schema: {
        ...about('Ajouter un livre (slug fait du titre et de l’auteur)'),
        body: newBookSchema,
        response: { 201: adminBookSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(signedIn(request).id, request.body)),
  );

  r.get(
    '/api/admin/books/:id',
    {
      preHandler: requireAdmin,
      schema: {
        ...about('Un livre, tel que le tableau le montre'),
        params: adminBookParamsSchema,
        response: { 200: adminBookSchema },
      },
    },
    async (request) => service.get(request.params.id),
  );

  r.patch(
    '/api/admin/books/:id',
    {
      preHandler: requireAdmin,
      config: limited('admin:book-update', writeLimits.admin),
      schema: {
        ...about('Modifier un livre (pages, description, publication, catégorie, étiquettes)'),
        params: adminBookParamsSchema,
        body: bookChangesSchema,
        response: { 200: adminBookSchema },
      },
    },
    async (request) => service.update(signedIn(request).id, request.params.id, request.body),
  );

  r.post(
    '/api/admin/books/:id/confirm',
    {
      preHandler: requireAdmin,
      config: limited('admin:book-confirm', writeLimits.admin),
      schema: {
        ...about('Confirmer un livre ajouté par un lecteur (retire « Ajouté par la communauté »)'),
        params: adminBookParamsSchema,
        response: { 200: adminBookSchema },
      },
    },
    async (request) => service.confirm(signedIn(request).id, request.params.id),
  );

  r.get(
    '/api/admin/books/:id/usage',
    {
      preHandler: requireAdmin,
      schema: {
        ...about('Combien de lecteurs ont ce livre (avant de le supprimer)'),
        params: adminBookParamsSchema,
        response: { 200: bookUsageSchema },
      },
    },
    async (request) => service.usage(request.params.id),
  );

  r.delete(
    '/api/admin/books/:id',
    {
      preHandler: requireAdmin,
      config: limited('admin:book-delete', writeLimits.admin),
      schema: {
        ...about(
          'Supprimer un livre et ses questions ; s’il est dans la liste de lecteurs, il est seulement dépublié',
        ),
        params: adminBookParamsSchema,
        response: { 200: bookRemovalSchema },
      },
    },
    async (request) => service.remove(signedIn(request).id, request.params.id),
  );

  r.get(
    '/api/admin/segment-status',
    {
      preHandler: requireAdmin,
      schema: {
        ...about(
          'L’état des segments de chaque livre : incomplets, puis sans question, puis complets',
        ),
        querystring: segmentStatusQuerySchema,
        response: { 200: segmentStatusPageSchema },
      },
    },
    async (request) => segments.page(request.query.page),
  );
}
