// The HTTP client of Open Library's public API (docs/decisions/042-book-lookup.md): Node's
// fetch, one AbortSignal.timeout for a whole lookup (follow-up requests included), a
// User-Agent naming Lisons as Open Library asks, and every answer checked by its zod schema.

import type { z } from 'zod';
import type { BookLookupConfig } from '../../config';
import {
  AUTHOR_KEY,
  authorRecord,
  EDITION_PATH,
  editionOfRecord,
  editionRecord,
  editionsOfSearch,
  type LookupEdition,
  MAX_AUTHORS,
  SEARCH_FIELDS,
  searchResponse,
  WORK_KEY,
  workRecord,
} from './open-library.schemas';

/** Why a lookup got no answer: each has its French message (domain/messages/book-lookup.ts). */
export type LookupFailureKind = 'timeout' | 'unreachable' | 'unavailable' | 'malformed';

/** Thrown inside a lookup, turned into an answer with its message by `lookupEditions`. */
export class LookupFailure extends Error {
  constructor(readonly kind: LookupFailureKind) {
    super(`book lookup failed: ${kind}`);
  }
}

/** Where and how one lookup asks: the configuration, its User-Agent and its deadline. */
export type OpenLibraryRequest = {
  config: BookLookupConfig;
  userAgent: string;
  signal: AbortSignal;
};

/** How many editions a search offers. */
export const SEARCH_LIMIT = 10;

function failureOf(error: unknown, signal: AbortSignal): LookupFailure {
  if (error instanceof LookupFailure) return error;
  // AbortSignal.timeout aborts with a TimeoutError; anything else (refused, DNS) is unreachable.
  return new LookupFailure(signal.aborted ? 'timeout' : 'unreachable');
}

/**
 * GETs a JSON answer and checks it with `schema`; null for a 404 (Open Library's "no such
 * ISBN"). A redirect is followed once, only to an edition on the same origin.
 */
async function getJson<S extends z.ZodType>(
  request: OpenLibraryRequest,
  url: URL,
  schema: S,
  redirects = 1,
): Promise<z.infer<S> | null> {
  const { signal } = request;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': request.userAgent },
      redirect: 'manual',
      signal,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = new URL(response.headers.get('location') ?? '', url);
      if (
        redirects === 0 ||
        location.origin !== url.origin ||
        !EDITION_PATH.test(location.pathname)
      )
        throw new LookupFailure('malformed');
      return getJson(request, location, schema, redirects - 1);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new LookupFailure('unavailable');
    }
    const text = await boundedText(response);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new LookupFailure('malformed');
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new LookupFailure('malformed');
    return parsed.data;
  } catch (error) {
    throw failureOf(error, signal);
  }
}

/** The most a lookup reads of one answer: a search of ten works is far below it. */
export const MAX_ANSWER_BYTES = 1 << 20;

/** The body as text, refused as malformed beyond MAX_ANSWER_BYTES rather than held in memory. */
async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the body (the iterator's return), so the rest is not read.
    if (size > MAX_ANSWER_BYTES) throw new LookupFailure('malformed');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const endpoint = (config: BookLookupConfig, path: string) => new URL(`${config.url}${path}`);

/** Works matching a title or an author, as editions to pick from. */
export async function searchOpenLibrary(
  request: OpenLibraryRequest,
  text: string,
): Promise<LookupEdition[]> {
  const url = endpoint(request.config, '/search.json');
  url.searchParams.set('q', text);
  url.searchParams.set('fields', SEARCH_FIELDS.join(','));
  url.searchParams.set('limit', String(SEARCH_LIMIT));
  // Which edition represents a work, and its title, lean to French ones.
  url.searchParams.set('lang', 'fr');
  const response = await getJson(request, url, searchResponse);
  return response ? editionsOfSearch(response, request.config.coversUrl) : [];
}

/**
 * The authors' names of an edition: from its authors, else from its first work's (at most
 * two more requests in a row, the names fetched together). A name that cannot be read is
 * left out: the edition is still worth offering, and the reader may type the author.
 */
async function authorNames(
  request: OpenLibraryRequest,
  record: { authors?: { key: string }[]; works?: { key: string }[] },
): Promise<string[]> {
  try {
    let keys = (record.authors ?? []).map((a) => a.key);
    const work = record.works?.[0]?.key;
    if (keys.length === 0 && work && WORK_KEY.test(work)) {
      const found = await getJson(request, endpoint(request.config, `${work}.json`), workRecord);
      keys = (found?.authors ?? []).map((a) => a.author.key);
    }
    const names = await Promise.all(
      keys
        .filter((key) => AUTHOR_KEY.test(key))
        .slice(0, MAX_AUTHORS)
        .map((key) =>
          getJson(request, endpoint(request.config, `${key}.json`), authorRecord).catch(() => null),
        ),
    );
    return names.flatMap((author) => (author ? [author.name] : []));
  } catch {
    return [];
  }
}

/** The edition with this ISBN-13, or none (Open Library answers 404 for an unknown ISBN). */
export async function openLibraryEdition(
  request: OpenLibraryRequest,
  isbn13: string,
): Promise<LookupEdition[]> {
  const record = await getJson(
    request,
    endpoint(request.config, `/isbn/${isbn13}.json`),
    editionRecord,
  );
  if (!record) return [];
  const authors = await authorNames(request, record);
  return [editionOfRecord({ record, authors, isbn13, coversUrl: request.config.coversUrl })];
}

/** A cover the lookup offered (`<covers>/b/id/<id>-L.jpg`), and nothing else of that host. */
export function isLookupCoverUrl(config: BookLookupConfig, url: string): boolean {
  if (!url.startsWith(`${config.coversUrl}/b/id/`)) return false;
  return /^\d{1,12}-L\.jpg$/.test(url.slice(config.coversUrl.length + '/b/id/'.length));
}

/**
 * The bytes of a cover the lookup offered, at most `maxBytes`, or null when it cannot be had
 * (a URL of another shape, a deadline, a refusal, an answer too large): the book then gets a
 * drawn cover instead.
 */
export async function fetchLookupCover(
  request: OpenLibraryRequest,
  url: string,
  maxBytes: number,
): Promise<Buffer | null> {
  if (!isLookupCoverUrl(request.config, url)) return null;
  try {
    // The covers service answers by redirecting to its archive's host: followed (a few hops).
    const response = await fetch(url, {
      headers: { accept: 'image/*', 'user-agent': request.userAgent },
      signal: request.signal,
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return null;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > maxBytes) return null;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}
