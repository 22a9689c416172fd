import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookRefSchema,
  EXPLORE_PAGE_SIZE,
  exploreQuerySchema,
  SEARCH_LIMIT,
  searchQuerySchema,
} from '../../../domain/books.schemas';
import { catalogueMessages as m } from '../../../domain/messages/catalogue';
import { errorMessages } from '../../../domain/messages/errors';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Auth } from '../auth/auth';
import { currentUser } from '../auth/session';
import { createReadingRepository } from '../reading/reading.repository';
import { createBooksRepository } from './books.repository';
import { createCoversRepository } from './covers.repository';

const coverParams = z.object({
  file: z.string().regex(/^[a-z0-9-]{1,200}\.(jpg|webp)$/, errorMessages.notFound),
});

/** Catalogue reads: search, explore, one book (with the reader's progress), covers. */
export async function booksRoutes(app: FastifyInstance, { db, auth }: { db: Db; auth: Auth }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = createBooksRepository({ db });
  const reading = createReadingRepository({ db });
  const covers = createCoversRepository({ db });

  r.get('/api/search', { schema: { querystring: searchQuerySchema } }, async (request) => ({
    items: request.query.q ? await catalogue.search(request.query.q, SEARCH_LIMIT) : [],
  }));

  r.get('/api/books', { schema: { querystring: exploreQuerySchema } }, async (request) => {
    const { cat, q, page, sort } = request.query;
    const result = await catalogue.explore({
      category: cat,
      q,
      page,
      sort,
      pageSize: EXPLORE_PAGE_SIZE,
    });
    return { ...result, page, pageSize: EXPLORE_PAGE_SIZE };
  });

  r.get('/api/books/:ref', { schema: { params: bookRefSchema } }, async (request, reply) => {
    const { ref } = request.params;
    const book = await catalogue.findDetail(ref);
    if (!book) throw new AppError('NOT_FOUND', fill(m.bookNotFound, { id: ref }));
    if (!book.isPublished) throw new AppError('BOOK_UNAVAILABLE', m.bookUnavailable);
    const user = await currentUser(auth, request, reply);
    const progress = user ? await reading.findProgress(user.id, book.id) : null;
    return { book, progress };
  });

  r.get('/covers/:file', { schema: { params: coverParams } }, async (request, reply) => {
    const [slug, extension] = request.params.file.split('.') as [string, 'jpg' | 'webp'];
    const cover = await covers.findBySlug(slug);
    if (!cover) throw new AppError('NOT_FOUND', errorMessages.notFound);
    // The URL carries the version (?v=…): a new cover gets a new URL.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${cover.version}-${extension}"`)
      .type(extension === 'jpg' ? 'image/jpeg' : 'image/webp')
      .send(extension === 'jpg' ? cover.jpeg : cover.webp);
  });
}
