import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessages } from '../../../domain/messages/errors';
import {
  addedBookSchema,
  bookLookupAnswerSchema,
  bookLookupQuerySchema,
  bookReportParamsSchema,
  bookReportResultSchema,
  bookReportSchema,
  readerBookSchema,
} from '../../../domain/reader-books.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sendImage } from '../../plugins/image-upload';
import { sessionRequired } from '../../plugins/openapi';
import { reportBook } from '../books';
import { limited, writeLimits } from '../rate-limits';
import type { ReaderBooksService } from './reader-books.service';

const thumbnailSchema = z.unknown().meta({
  type: 'string',
  format: 'binary',
  description: 'JPEG 128×192',
});

/** A signed-in reader adds a missing book: the open-catalogue lookup, then the book. */
export async function readerBooksRoutes(
  app: FastifyInstance,
  { readerBooks, db }: { readerBooks: ReaderBooksService; db: Db },
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

  r.get(
    '/api/book-lookup/cover',
    {
      config: limited('book-lookup-cover', { limit: 120, windowMs: 60_000, per: 'reader' }),
      preHandler: requireReader(),
      schema: {
        summary: 'La vignette d’une couverture proposée par le catalogue ouvert (JPEG 128×192)',
        tags,
        security: sessionRequired,
        querystring: z.object({ url: z.string().max(500, errorMessages.notFound) }),
        // Bytes, sent as they are (Fastify does not serialize a Buffer).
        response: { 200: thumbnailSchema },
      },
    },
    async (request, reply) => {
      const thumbnail = await readerBooks.thumbnail(request.query.url);
      if (!thumbnail) throw new AppError('NOT_FOUND', errorMessages.notFound);
      return sendImage(
        request,
        reply,
        { ...thumbnail, contentType: 'image/jpeg' },
        'private, max-age=86400',
      );
    },
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

  r.post(
    '/api/books/:bookId/reports',
    {
      config: limited('book-reports', writeLimits.reader),
      preHandler: requireReader(),
      schema: {
        summary: 'Signaler un livre (doublon, informations fausses…) aux administrateurs',
        tags,
        security: sessionRequired,
        params: bookReportParamsSchema,
        body: bookReportSchema,
        response: { 201: bookReportResultSchema },
      },
    },
    async (request, reply) => {
      await reportBook(db, signedIn(request).id, request.params.bookId, request.body);
      return reply.code(201).send({ reported: true as const });
    },
  );
}
