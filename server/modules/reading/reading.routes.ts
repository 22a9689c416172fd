import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToListSchema } from '../../../domain/books.schemas';
import { catalogueMessages as m } from '../../../domain/messages/catalogue';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireReader, signedIn } from '../../plugins/auth';
import { createBooksRepository } from '../books/books.repository';
import { createReadingRepository } from './reading.repository';

const bookIdParams = z.object({ bookId: z.uuid({ error: m.bookIdOrSlugInvalid }) });

/** The signed-in reader's own list: only ever their rows (user id from the session). */
export async function readingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reading = createReadingRepository({ db });
  const catalogue = createBooksRepository({ db });
  const bookOf = async (id: string) => {
    const book = await catalogue.findSummary(id);
    if (!book) throw new AppError('NOT_FOUND', fill(m.bookNotFound, { id }));
    return book;
  };
  const reader = { preHandler: requireReader() };

  r.get('/api/reading-list', reader, async (request) => {
    const user = signedIn(request);
    return { items: await reading.list(user.id) };
  });

  const addOptions = {
    schema: { body: addToListSchema },
    preHandler: requireReader(m.addAuthRequired),
  };
  r.post('/api/reading-list', addOptions, async (request, reply) => {
    const user = signedIn(request);
    const book = await bookOf(request.body.bookId);
    if (!book.isPublished) throw new AppError('BOOK_UNAVAILABLE', m.bookUnavailable);
    const added = await reading.add(user.id, book.id);
    if (!added) {
      throw new AppError('ALREADY_EXISTS', fill(m.alreadyInList, { title: book.title }));
    }
    const progress = await reading.findProgress({ userId: user.id, bookId: book.id });
    return reply.status(201).send({ message: fill(m.addSuccess, { title: book.title }), progress });
  });

  r.delete(
    '/api/reading-list/:bookId',
    { schema: { params: bookIdParams }, ...reader },
    async (request) => {
      const user = signedIn(request);
      const book = await bookOf(request.params.bookId);
      if (!(await reading.remove(user.id, book.id))) throw new AppError('NOT_FOUND', m.notInList);
      return { message: fill(m.removeSuccess, { title: book.title }) };
    },
  );
}
