import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../../domain/api.schemas';
import {
  addedToListSchema,
  addToListSchema,
  readingListSchema,
} from '../../../domain/books.schemas';
import { catalogueMessages as m } from '../../../domain/messages/catalogue';
import { fill } from '../../../domain/messages/fill';
import { abandonMessages as abandon } from '../../../domain/messages/insights';
import type { Db } from '../../db/client';
import type { ReaderPages } from '../../db/reader-cache';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { sessionRequired } from '../../plugins/openapi';
import { sendPreparedJson, serializedJson } from '../../plugins/prepared-body';
import { findBookSummary } from '../books';
import { limited, writeLimits } from '../rate-limits';
import {
  addToList,
  findProgress,
  readingList,
  removeFromList,
  setAbandoned,
} from './reading.repository';

const bookIdParams = z.object({ bookId: z.uuid({ error: m.bookIdOrSlugInvalid }) });

/** The signed-in reader's own list: only ever their rows (user id from the session). */
export async function readingRoutes(
  app: FastifyInstance,
  { db, pages }: { db: Db; pages: ReaderPages },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bookOf = async (id: string) => {
    const book = await findBookSummary(db, id);
    if (!book) throw new AppError('NOT_FOUND', fill(m.bookNotFound, { id }));
    return book;
  };
  const reader = { preHandler: requireReader() };

  const tags = ['Liste de lecture'];
  const listSchema = {
    summary: 'Ma liste de lecture, avec ma progression sur chaque livre',
    tags,
    security: sessionRequired,
    response: { 200: readingListSchema },
  };
  r.get('/api/reading-list', { schema: listSchema, ...reader }, async (request, reply) => {
    const me = signedIn(request).id;
    const page = await pages.page(me, 'reading-list', async () =>
      serializedJson(reply, { items: await readingList(db, me) }),
    );
    return sendPreparedJson(request, reply, page);
  });

  const addOptions = {
    schema: {
      summary: 'Ajouter un livre à ma liste',
      tags,
      security: sessionRequired,
      body: addToListSchema,
      response: { 201: addedToListSchema },
    },
    preHandler: requireReader(m.addAuthRequired),
  };
  r.post(
    '/api/reading-list',
    { ...addOptions, config: limited('reading-list', writeLimits.reader) },
    async (request, reply) => {
      const user = signedIn(request);
      const book = await bookOf(request.body.bookId);
      if (!book.isPublished) throw new AppError('BOOK_UNAVAILABLE', m.bookUnavailable);
      const added = await addToList(db, { userId: user.id, bookId: book.id });
      if (!added) {
        throw new AppError('ALREADY_EXISTS', fill(m.alreadyInList, { title: book.title }));
      }
      const progress = await findProgress(db, { userId: user.id, bookId: book.id });
      return reply
        .status(201)
        .send({ message: fill(m.addSuccess, { title: book.title }), progress });
    },
  );

  r.delete(
    '/api/reading-list/:bookId',
    {
      config: limited('reading-list', writeLimits.reader),
      schema: {
        summary: 'Retirer un livre de ma liste',
        tags,
        security: sessionRequired,
        params: bookIdParams,
        response: { 200: messageSchema },
      },
      ...reader,
    },
    async (request) => {
      const user = signedIn(request);
      const book = await bookOf(request.params.bookId);
      if (!(await removeFromList(db, { userId: user.id, bookId: book.id })))
        throw new AppError('NOT_FOUND', m.notInList);
      return { message: fill(m.removeSuccess, { title: book.title }) };
    },
  );

  // The 'Abandonné' shelf (did not finish): PUT puts the book on it, DELETE takes it back.
  for (const [method, abandoned] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/api/reading-list/:bookId/abandoned',
      config: limited('reading-list', writeLimits.reader),
      schema: {
        summary: abandoned ? 'Ranger un livre dans Abandonné' : 'Reprendre un livre abandonné',
        tags,
        security: sessionRequired,
        params: bookIdParams,
        response: { 200: messageSchema },
      },
      ...reader,
      handler: async (request) => {
        const user = signedIn(request);
        const book = await bookOf(request.params.bookId);
        const done = await setAbandoned(db, { userId: user.id, bookId: book.id, abandoned });
        if (!done) throw new AppError('NOT_FOUND', abandon.notInList);
        return {
          message: fill(abandoned ? abandon.abandoned : abandon.resumed, { title: book.title }),
        };
      },
    });
  }
}
