import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { EXPLORE_PAGE_SIZE } from '../../../domain/catalogue';
import type { RenderPageFn, ServerData } from '../../../domain/server-render';
import type { ShellManifest } from '../../../domain/shell-manifest';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { type PreparedBody, prepareText } from '../../plugins/prepared-body';
import { getPublishedPost, listPublishedPosts } from '../blog';
import { exploreBooks, findBookDetail } from '../books';
import { fillTemplate, pageStyles } from './page-template';

/** client/entry-server.tsx, built by `npm run build` into dist/server. */
export type SsrEntry = { render: RenderPageFn };

/**
 * What a page request gets: its status and whole HTML, or the app shell with that status,
 * or a redirect.
 */
export type ServedPage = {
  status: number;
  body: PreparedBody | null;
  redirect?: string | undefined;
};

// A minute at most even if a notification were lost, as the catalogue cache.
const TTL_MS = 60_000;
// A few hundred pages of about 40 KB (and their compressed forms) at most.
const MAX_PAGES = 400;

/** The server build of the client beside `clientDir` (dist/server), if it was built. */
export function builtSsrEntry(clientDir: string): (() => Promise<SsrEntry>) | null {
  const file = path.join(clientDir, '..', 'server', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  return () => import(pathToFileURL(file).href) as Promise<SsrEntry>;
}

/** The read functions a render uses: the same reads the API routes answer a visitor with. */
export function serverData(db: Db, publicUrl: string): ServerData {
  return {
    publicUrl,
    explore: async (params) => {
      const result = await exploreBooks(db, {
        category: params.cat,
        q: params.q,
        page: params.page,
        sort: params.sort,
        ready: params.ready,
        pageSize: EXPLORE_PAGE_SIZE,
      });
      return { ...result, page: params.page, pageSize: EXPLORE_PAGE_SIZE };
    },
    book: (ref) => findBookDetail(db, ref),
    blogList: (page) => listPublishedPosts(db, page),
    blogPost: (slug) => getPublishedPost(db, slug),
  };
}

/**
 * Public pages rendered on the server with React (decision 030), kept ready to send. The
 * owner empties the cache in every process when the catalogue or the blog changes (NOTIFY),
 * and when the next scheduled post's time comes (`beforeRead`), so a post appears at its
 * time on every page.
 */
export function createPublicPages(options: {
  entry: () => Promise<SsrEntry>;
  /** The client build's shell manifest (shell-manifest.ts): the document and its files. */
  shell: ShellManifest;
  data: ServerData;
  log: FastifyBaseLogger;
  /** The built stylesheet's text, its part a page needs inlined (decision 034); null: linked. */
  styles?: string | null;
  /** Runs before each read: empties the cache when a scheduled post's time has come. */
  beforeRead?: () => Promise<void>;
}) {
  const cache = createReadCache<ServedPage | null>({
    name: 'public_pages',
    maxEntries: MAX_PAGES,
    ttlMs: TTL_MS,
  });
  let entry: Promise<SsrEntry> | null = null;
  const styles = options.styles ? pageStyles(options.styles) : null;

  async function renderPage(url: string): Promise<ServedPage | null> {
    entry ??= options.entry();
    const page = await (await entry).render(url, options.data);
    if (!page) return null;
    if (page.html === null || page.head === null) {
      return { status: page.status, body: null, redirect: page.redirect };
    }
    const html = fillTemplate(
      options.shell,
      {
        head: page.head,
        html: page.html,
        queries: page.queries,
        // A screen's chunk and its imports, listed with the entry (decision 033).
        modules: (page.chunk !== null && options.shell.screens[page.chunk]) || [],
      },
      options.data.publicUrl,
      styles,
    );
    return { status: page.status, body: prepareText(html) };
  }

  return {
    /**
     * The page at `url` (path and query), null when it is rendered in the browser. A render
     * that fails is logged and the page falls back to the shell (the browser renders it).
     */
    async page(url: string): Promise<ServedPage | null> {
      try {
        await options.beforeRead?.();
        return await cache.get(url, () => renderPage(url));
      } catch (error) {
        options.log.error({ err: error, url }, 'server render failed');
        return null;
      }
    },
    clear: () => cache.clear(),
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;

/**
 * Watches the next scheduled publication: `check` (before a cached read) calls `due` once
 * that instant has passed, then waits for the next one. `reset` after any change to posts.
 */
export function publicationWatch(
  next: (() => Promise<Date | null>) | undefined,
  due: () => void,
): { check: () => Promise<void>; reset: () => void } {
  // Cached reads are good until this instant; 0: ask again.
  let validUntil = 0;
  return {
    async check() {
      if (!next || Date.now() < validUntil) return;
      const passed = validUntil !== 0;
      const at = await next();
      if (passed) due();
      validUntil = at ? at.getTime() : Number.POSITIVE_INFINITY;
    },
    reset() {
      validUntil = 0;
    },
  };
}
