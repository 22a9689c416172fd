/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  isBookRead,
  isCatalogueRead,
  isReaderRead,
  offlineCaches,
  opensOffline,
  type ServiceWorkerMessage,
  WARM_CACHE_DONE,
} from '../../domain/offline-cache';
import { showReminder } from './push';

/**
 * The service worker (decision 032). Built by vite-plugin-pwa (injectManifest):
 * `self.__WB_MANIFEST` becomes the list of the build's files with their revisions.
 *
 * - The app shell (index.html), the offline page and the hashed assets are precached.
 * - Pages always come from the network (public pages are rendered by the server, decision
 *   030): offline, the reader's screens open from the precached shell and every other page
 *   shows the offline page. An HTML page is never kept, so an online reader always gets
 *   the deployed version, whatever this worker's age.
 * - Catalogue lists and search are stale-while-revalidate; a book's page data and the reader's
 *   own reads network first; writes,
 *   answers, questions and validation states are never handled here (straight to the network).
 * - A new version waits until the page asks it to take over (SKIP_WAITING, after the reader
 *   clicked 'Recharger' in the 'Nouvelle version disponible' prompt).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once (nothing older to disagree with).
clientsClaim();

const SHELL = '/index.html';
const OFFLINE = '/offline.html';
// A Vary on Accept-Encoding or Origin must not hide a kept answer from the same URL.
const matchOptions = { ignoreVary: true };
const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const pathname = new URL(request.url).pathname;
      const fallback = await matchPrecache(opensOffline(pathname) ? SHELL : OFFLINE);
      if (fallback) return fallback;
      throw error;
    }
  },
);

registerRoute(
  ({ url }) => sameOrigin(url) && isCatalogueRead(url.pathname),
  new StaleWhileRevalidate({
    cacheName: offlineCaches.catalogue,
    matchOptions,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

// A book's page: fresh online (it carries the reader's progress), the kept copy offline.
registerRoute(
  ({ url }) => sameOrigin(url) && isBookRead(url.pathname),
  new NetworkFirst({
    cacheName: offlineCaches.catalogue,
    matchOptions,
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && isReaderRead(url.pathname),
  new NetworkFirst({
    cacheName: offlineCaches.reader,
    matchOptions,
    // A network that hangs (a train's Wi-Fi) falls back to the kept answer after 5 s.
    networkTimeoutSeconds: 5,
    plugins: [{ cacheWillUpdate: keepOnlySignedIn }],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && /^\/(covers|avatars)\//.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: offlineCaches.images,
    matchOptions,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

/**
 * A session answer saying nobody is signed in empties the reader's caches: the next reader of
 * this browser never sees the previous one's list offline.
 */
async function keepOnlySignedIn({ response, request }: { response: Response; request: Request }) {
  if (response.status !== 200) return null;
  if (new URL(request.url).pathname !== '/api/auth/session') return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { user?: unknown } | null;
  if (body?.user) return response;
  await forgetReader();
  return null;
}

async function forgetReader() {
  await Promise.all([caches.delete(offlineCaches.reader), caches.delete(offlineCaches.catalogue)]);
}

self.addEventListener('fetch', (event) => {
  // Signing out (handled by the network as usual) also forgets the reader's offline copies.
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.pathname === '/api/auth/sign-out') {
    event.waitUntil(forgetReader());
  }
});

self.addEventListener('message', (event) => {
  const message = event.data as ServiceWorkerMessage | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'WARM_CACHE') {
    const source = event.source;
    event.waitUntil(
      warmCache()
        .catch(() => undefined)
        .then(() => source?.postMessage({ type: WARM_CACHE_DONE })),
    );
  }
});

/**
 * Home's WARM_CACHE (docs/architecture.md#reminders-and-the-offline-app): the reader's list and the
 * page of each book in it, so they open offline. Failures are ignored: the next home visit tries
 * again.
 */
async function warmCache() {
  const reader = await caches.open(offlineCaches.reader);
  const catalogue = await caches.open(offlineCaches.catalogue);
  const images = await caches.open(offlineCaches.images);
  await keep(reader, '/api/auth/session');
  const list = await keep(reader, '/api/reading-list');
  if (!list) return;
  const { items } = (await list.json()) as {
    items: Array<{
      book: { slug: string; coverUrl: string | null; coverWebpUrl: string | null };
      isUnavailable: boolean;
    }>;
  };
  await Promise.all(
    items
      .filter((item) => !item.isUnavailable)
      .slice(0, 50)
      .map(({ book }) =>
        Promise.all([
          keep(catalogue, `/api/books/${encodeURIComponent(book.slug)}`),
          ...[book.coverWebpUrl, book.coverUrl].map((cover) =>
            cover?.startsWith('/') ? keep(images, cover) : null,
          ),
        ]),
      ),
  );
}

/** Fetches `path` into `cache`; the response (a clone is kept) or null when refused. */
async function keep(cache: Cache, path: string): Promise<Response | null> {
  const response = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) return null;
  await cache.put(path, response.clone());
  return response;
}

self.addEventListener('push', (event) => {
  event.waitUntil(showReminder(self.registration, event.data?.text() ?? null));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/home',
    self.location.origin,
  ).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
