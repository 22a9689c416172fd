import type { BookDetail } from '../../../domain/books.schemas';
import type { Listener } from '../../db/notifications';
import { createReadCache } from '../../db/read-cache';
import { type PreparedBody, prepareJson } from '../../plugins/prepared-body';

/** The channel of migration 0011's triggers on books and reading_questions. */
export const CATALOGUE_CHANNEL = 'lisons_catalogue';

// A minute at most even if a notification were lost; sizes keep it to tens of megabytes.
const TTL_MS = 60_000;

export type CachedBook = { book: BookDetail; bookJson: string; anonymous: PreparedBody };

/**
 * The catalogue as every reader sees it (search results, explore pages, book details),
 * ready to send. Cleared on every change to books or questions, in every server process.
 */
export function createCatalogueCache() {
  const caches = {
    books: createReadCache<CachedBook | null>({
      name: 'catalogue_books',
      maxEntries: 5_000,
      ttlMs: TTL_MS,
    }),
    searches: createReadCache<PreparedBody>({
      name: 'catalogue_searches',
      maxEntries: 5_000,
      ttlMs: TTL_MS,
    }),
    explore: createReadCache<PreparedBody>({
      name: 'catalogue_explore',
      maxEntries: 2_000,
      ttlMs: TTL_MS,
    }),
  };
  const clear = () => {
    for (const cache of Object.values(caches)) cache.clear();
  };
  return {
    ...caches,
    clear,
    /** Starts clearing on NOTIFY; returns the unlisten function. */
    listen: (listen: Listener) => listen(CATALOGUE_CHANNEL, clear),
  };
}

/** A book's cached form: its detail, and the whole answer a visitor gets. */
export function cachedBook(book: BookDetail | null): CachedBook | null {
  if (!book) return null;
  return { book, bookJson: JSON.stringify(book), anonymous: prepareJson({ book, progress: null }) };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
