import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadingProgressView } from '../../../domain/books.schemas';
import {
  bookPageSchema,
  bookRefSchema,
  bookWithProgressSchema,
  EXPLORE_PAGE_SIZE,
  exploreQuerySchema,
  SEARCH_LIMIT,
  searchQuerySchema,
  searchResultSchema,
} from '../../../domain/books.schemas';
import { catalogueMessages as m } from '../../../domain/messages/catalogue';
import { fill } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import type { Listener } from '../../db/notifications';
import { AppError } from '../../errors';
import { sessionOptional } from '../../plugins/openapi';
import { prepareJson, sendJsonText, sendPreparedJson } from '../../plugins/prepared-body';
import { createBooksRepository } from './books.repository';
import { cachedBook, createCatalogueCache } from './catalogue-cache';

type Options = {
  db: Db;
  listen: Listener;
  /** The reader's progress on a book, shown on its page (owned by the reading module). */
  progressOf: (ids: { userId: string; bookId: string }) => Promise<ReadingProgressView | null>;
};

/**
 * Catalogue reads: search, explore, one book (with the reader's progress). What
 * every reader sees alike is served from the catalogue cache (catalogue-cache.ts).
 */
export async function booksRoutes(app: FastifyInstance, { db, listen, progressOf }: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = createBooksRepository({ db });
  const cache = createCatalogueCache();
  const unlisten = await cache.listen(listen);
  app.addHook('onClose', unlisten);

  // Most answers are prepared JSON (a string or bytes): Fastify sends them without the
  // serializer, so these schemas document them; only plain objects are checked.
  const tags = ['Catalogue'];
  const searchSchema = {
    summary:
      'Rechercher un livre (titre, auteur), les meilleurs résultats en premier, ou seulement les livres prêts à valider (ready=1)',
    tags,
    querystring: searchQuerySchema,
    response: { 200: searchResultSchema },
  };
  r.get('/api/search', { schema: searchSchema }, async (request, reply) => {
    const { q, ready } = request.query;
    if (!q) return { items: [] };
    // The search folds case itself, so 'Hugo' and 'hugo' share one entry.
    const key = `${ready ? '1' : '0'}\u0000${q.toLowerCase()}`;
    const body = await cache.searches.get(key, async () =>
      prepareJson({ items: await catalogue.search(q, SEARCH_LIMIT, { ready }) }),
    );
    return sendPreparedJson(request, reply, body);
  });

  const exploreSchema = {
    summary:
      'Explorer une catégorie, page par page, filtrée et triée (les livres prêts à valider en premier par défaut)',
    tags,
    querystring: exploreQuerySchema,
    response: { 200: bookPageSchema },
  };
  r.get('/api/books', { schema: exploreSchema }, async (request, reply) => {
    const { cat, q, page, sort, ready } = request.query;
    const key = [cat, sort, page, ready ? '1' : '0', q.toLowerCase()].join('\u0000');
    const body = await cache.explore.get(key, async () => {
      const result = await catalogue.explore({
        category: cat,
        q,
        page,
        sort,
        ready,
        pageSize: EXPLORE_PAGE_SIZE,
      });
      return prepareJson({ ...result, page, pageSize: EXPLORE_PAGE_SIZE });
    });
    return sendPreparedJson(request, reply, body);
  });

  const bookSchema = {
    summary: 'Un livre (id ou slug), et ma progression si je suis connecté',
    tags,
    security: sessionOptional,
    params: bookRefSchema,
    response: { 200: bookWithProgressSchema },
  };
  r.get('/api/books/:ref', { schema: bookSchema }, async (request, reply) => {
    const { ref } = request.params;
    const cached = await cache.books.get(ref.toLowerCase(), async () =>
      cachedBook(await catalogue.findDetail(ref)),
    );
    if (!cached) throw new AppError('NOT_FOUND', fill(m.bookNotFound, { id: ref }));
    if (!cached.book.isPublished) throw new AppError('BOOK_UNAVAILABLE', m.bookUnavailable);
    const user = request.reader;
    if (!user) return sendPreparedJson(request, reply, cached.anonymous);
    const progress = await progressOf({ userId: user.id, bookId: cached.book.id });
    // The shared part is serialised once; only the reader's progress is per request.
    return sendJsonText(
      reply,
      `{"book":${cached.bookJson},"progress":${JSON.stringify(progress)}}`,
    );
  });
}
