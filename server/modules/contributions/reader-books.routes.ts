import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addedBookSchema,
  bookLookupAnswerSchema,
  bookLookupQuerySchema,
  readerBookSchema,
} from '../../../domain/reader-books.schemas';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { limited, writeLimits } from '../rate-limits';
import type { ReaderBooksService } from './reader-books.service';

/** A signed-in reader adds a missing book: the open-catalogue lookup, then the book. */
export async function readerBooksRoutes(
  app: FastifyInstance,
  { readerBooks }: { readerBooks: ReaderBooksService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Catalogue'];

  r.get(
    '/api/book-lookup',
    {
      // Each miss costs Open Library a request: a reader's typing, not a crawler's.
      config: limited('book-lookup', { limit: 30, windowMs: 60_000, per: 'reader' }),
      preHandler: requireReader(),
      schema: {
        summary: 'Chercher un livre dans le catalogue ouvert (titre, auteur ou ISBN)',
        tags,
        security: sessionRequired,
        querystring: bookLookupQuerySchema,
        response: { 200: bookLookupAnswerSchema },
      },
    },
    async (request) => readerBooks.lookup(request.query.q),
  );

  r.post(
    '/api/books',
    {
      config: limited('reader-books', writeLimits.reader),
      preHandler: requireReader(),
      schema: {
        summary: 'Ajouter un livre au catalogue (10 par 24 h ; lisible tout de suite)',
        tags,
        security: sessionRequired,
        body: readerBookSchema,
        response: { 201: addedBookSchema },
      },
    },
    async (request, reply) => {
      const added = await readerBooks.add(signedIn(request).id, request.body);
      return reply.code(201).send(added);
    },
  );
}
