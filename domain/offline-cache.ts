/**
 * What the service worker (client/sw/sw.ts) keeps, shared with the page that asks it to warm
 * its caches and the tests that read them (decision 032).
 */
export const offlineCaches = {
  /** Catalogue reads (GET /api/books, /api/search; a book's page data, network first). */
  catalogue: 'lisons-catalogue-v1',
  /** The signed-in reader's own reads (session, reading list): network first. */
  reader: 'lisons-reader-v1',
  /** Covers and readers' photos. */
  images: 'lisons-images-v1',
} as const;

/** Messages a page sends to the service worker. */
export type ServiceWorkerMessage = { type: 'WARM_CACHE' } | { type: 'SKIP_WAITING' };

/** The service worker's answer once WARM_CACHE is done (sent to the asking page). */
export const WARM_CACHE_DONE = 'WARM_CACHE_DONE';

/** Screens that open offline from the cached app shell; any other page gets the offline page. */
export function opensOffline(pathname: string): boolean {
  return (
    pathname === '/home' || pathname === '/reading-list' || /^\/books?\/[^/]+\/?$/.test(pathname)
  );
}

/** Catalogue reads shared by every reader, fine to show slightly stale: stale-while-revalidate. */
export function isCatalogueRead(pathname: string): boolean {
  return pathname === '/api/books' || pathname === '/api/search';
}

/**
 * A book's page data (/api/books/:ref only: its validation, question, answer… are never
 * kept). It carries the reader's progress, which a validation changes: network first, the
 * kept copy only offline.
 */
export function isBookRead(pathname: string): boolean {
  return /^\/api\/books\/[^/]+$/.test(pathname);
}

/** The reader's own reads kept for offline use, refreshed from the network whenever it answers. */
export function isReaderRead(pathname: string): boolean {
  return (
    pathname === '/api/auth/session' ||
    pathname === '/api/reading-list' ||
    pathname === '/api/profiles/me' ||
    /^\/api\/me\/goals\/\d+$/.test(pathname)
  );
}
