import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookPageSchema,
  EXPLORE_PAGE_SIZE,
  exploreQuerySchema,
  SEARCH_LIMIT,
  searchQuerySchema,
  searchResultSchema,
} from '../../../domain/books.schemas';
import type { Db } from '../../db/client';
import { prepareJson, sendPreparedJson } from '../../plugins/prepared-body';
import { createBooksRepository } from './books.repository';
import type { CatalogueCache } from './catalogue-cache';

type Options = {
  db: Db;
  /** The catalogue as every reader sees it, shared with reading's book page (one per process). */
  cache: CatalogueCache;
};

/**
 * Catalogue reads: search and explore. What every reader sees alike is served from the
 * catalogue cache (catalogue-cache.ts); one book's page, which adds the reader's progress,
 * is reading's (book-page.routes.ts).
 */
export async function booksRoutes(app: FastifyInstance, { db, cache }: Options) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = createBooksRepository({ db });

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
}
