// The open-catalogue lookup when a reader adds a missing book (docs/decisions/042-book-lookup.md):
// a title, an author or an ISBN in, editions to pick from out. It never throws for the remote's
// sake: off, a timeout, a refusal or a garbled answer each come back with a French message, so
// the reader can always type the book's details themselves.

import { looksLikeIsbn, parseIsbn } from '../../../domain/isbn';
import { bookLookupMessages } from '../../../domain/messages/book-lookup';
import type { BookLookupConfig } from '../../config';
import { createReadCache, type ReadCache } from '../../db/read-cache';
import {
  fetchLookupCover,
  isLookupCoverUrl,
  LookupFailure,
  type LookupFailureKind,
  type OpenLibraryRequest,
  openLibraryEdition,
  searchOpenLibrary,
} from './open-library';
import type { LookupEdition } from './open-library.schemas';

/** What a lookup answers. `found` with no edition: the catalogue does not know the book. */
export type LookupAnswer =
  | { status: 'found'; editions: LookupEdition[] }
  | { status: 'off'; message: string }
  | { status: 'invalid'; message: string }
  | { status: 'failed'; kind: LookupFailureKind; message: string };

/** The lookup of one server process: its configuration, its User-Agent and its recent answers. */
export type BookLookup = {
  config: BookLookupConfig;
  userAgent: string;
  cache: ReadCache<LookupEdition[]>;
};

/** The longest search text sent to the catalogue. */
export const MAX_QUERY_LENGTH = 200;

/**
 * The lookup for this process. Recent answers are kept in memory (500 lookups, an hour):
 * unlike our own tables (docs/architecture.md#caches), they are public answers of a remote
 * catalogue that no process of ours changes, so no NOTIFY has to clear them; a stale one is
 * at worst an older catalogue entry the reader can correct. Failures are never kept.
 */
export function createBookLookup({
  config,
  publicUrl,
}: {
  config: BookLookupConfig;
  /** Where Open Library can see who is asking (its API asks clients to name themselves). */
  publicUrl: string;
}): BookLookup {
  return {
    config,
    userAgent: `Lisons (+${publicUrl}; recherche de livres)`,
    cache: createReadCache<LookupEdition[]>({
      maxEntries: 500,
      ttlMs: 60 * 60_000,
      name: 'book_lookups',
    }),
  };
}

/** Editions matching a title, an author or an ISBN (ISBN-10 or 13), or why there are none. */
export async function lookupEditions({
  lookup,
  query,
}: {
  lookup: BookLookup;
  query: string;
}): Promise<LookupAnswer> {
  if (!lookup.config.enabled) return { status: 'off', message: bookLookupMessages.off };
  const text = query.replace(/\s+/g, ' ').trim();
  if (text === '') return { status: 'invalid', message: bookLookupMessages.emptyQuery };
  if (text.length > MAX_QUERY_LENGTH) {
    return { status: 'invalid', message: bookLookupMessages.queryTooLong };
  }
  let key: string;
  let ask: (request: OpenLibraryRequest) => Promise<LookupEdition[]>;
  if (looksLikeIsbn(text)) {
    const isbn = parseIsbn(text);
    if (!isbn.ok) return { status: 'invalid', message: isbn.message };
    // One key per book whether it was typed as an ISBN-10 or an ISBN-13.
    key = `isbn:${isbn.isbn13}`;
    ask = (request) => openLibraryEdition(request, isbn.isbn13);
  } else {
    key = `search:${text.toLowerCase()}`;
    ask = (request) => searchOpenLibrary(request, text);
  }
  try {
    const editions = await lookup.cache.get(key, () =>
      ask({
        config: lookup.config,
        userAgent: lookup.userAgent,
        signal: AbortSignal.timeout(lookup.config.timeoutMs),
      }),
    );
    return { status: 'found', editions };
  } catch (error) {
    if (!(error instanceof LookupFailure)) throw error;
    return { status: 'failed', kind: error.kind, message: bookLookupMessages[error.kind] };
  }
}

/** Whether a cover URL is one the lookup offers (the add-a-book form sends it back). */
export const isOfferedCover = (lookup: BookLookup, url: string) =>
  isLookupCoverUrl(lookup.config, url);

/** A cover the lookup offered, within twice the lookup's deadline; null when it cannot be had. */
export const fetchOfferedCover = (lookup: BookLookup, url: string, maxBytes: number) =>
  fetchLookupCover(
    {
      config: lookup.config,
      userAgent: lookup.userAgent,
      signal: AbortSignal.timeout(2 * lookup.config.timeoutMs),
    },
    url,
    maxBytes,
  );
