import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { blogMessages } from '../../../domain/messages/blog';
import { errorMessages } from '../../../domain/messages/errors';
import { feedPath, feedTitle } from '../../../domain/page-head';
import type { ShellManifest } from '../../../domain/shell-manifest';
import type { Db } from '../../db/client';
import type { Listener } from '../../db/notifications';
import { createReadCache } from '../../db/read-cache';
import { errorBody } from '../../errors';
import { IMMUTABLE, type RenderPage, sendPage } from '../../plugins/client';
import { type PreparedBody, prepareText, sendPrepared } from '../../plugins/prepared-body';
import {
  BLOG_CHANNEL,
  blogPageStatus,
  listPublishedPosts,
  nextScheduledPublication,
  publishedPostsForSitemap,
} from '../blog';
import { CATALOGUE_CHANNEL, publishedBooksForSitemap } from '../books';
import { utilitiesPath, utilitiesStylesheet } from './critical-css';
import { stylesheetPath } from './page-template';
import {
  builtSsrEntry,
  createPublicPages,
  publicationWatch,
  type SsrEntry,
  serverData,
} from './public-pages';
import { type FeedItem, robotsTxt, rssXml, type SitemapEntry, sitemapXml } from './sitemap';

/** The blog's public reads (server/modules/blog): only published posts whose time has come. */
function blogReads(db: Db) {
  return {
    forSitemap: () => publishedPostsForSitemap(db),
    /** The feed: the newest page of posts. */
    forFeed: async (): Promise<FeedItem[]> =>
      (await listPublishedPosts(db, 1)).items.map((post) => ({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        author: post.author,
        publishedAt: new Date(post.publishedAt ?? post.updatedAt),
        tags: post.tags,
      })),
    nextPublication: () => nextScheduledPublication(db),
    status: (pathname: string) => blogPageStatus(db, pathname),
  };
}

// Books in the sitemap beside the site's own pages (a sitemap holds 50 000 addresses).
const SITEMAP_BOOKS = 45_000;
const TTL_MS = 60_000;

type Options = {
  db: Db;
  listen: Listener;
  publicUrl: string;
  clientDir: string;
  /** The client build's shell manifest (shell-manifest.ts), null when it is not built. */
  shell: ShellManifest | null;
  /** The server build of the client; the built one beside clientDir by default. */
  entry?: (() => Promise<SsrEntry>) | undefined;
};

/**
 * Public pages rendered on the server, /sitemap.xml, /robots.txt and the blog's feed
 * (decision 030); the blog's article and list pages with the statuses the blog decides. Returns the page renderer the client plugin serves pages with, or
 * undefined when the client has no server build (development, most tests).
 */
export async function registerPages(
  app: FastifyInstance,
  options: Options,
): Promise<RenderPage | undefined> {
  const { db, publicUrl } = options;
  const blog = blogReads(db);
  const documents = createReadCache<PreparedBody>({
    name: 'public_documents',
    maxEntries: 4,
    ttlMs: TTL_MS,
  });
  const channels = [CATALOGUE_CHANNEL, BLOG_CHANNEL];

  // A scheduled post's time empties both caches, as a change to posts does.
  const schedule = publicationWatch(blog.nextPublication, () => clearCaches());
  const entry = options.entry ?? builtSsrEntry(options.clientDir);
  const templatePath = path.join(options.clientDir, 'index.html');
  // The client-only shell, sent as built (the blog's pages when they are not rendered).
  const template = fs.existsSync(templatePath) ? fs.readFileSync(templatePath, 'utf8') : null;
  // Rendered pages are made from the build's shell manifest (decision 037).
  const shell = entry ? options.shell : null;
  const styles = shell ? builtStyles(options.clientDir, shell) : null;
  const pages =
    entry && shell
      ? createPublicPages({
          entry,
          shell,
          data: serverData(db, publicUrl),
          log: app.log,
          styles: styles?.text ?? null,
          beforeRead: schedule.check,
        })
      : null;
  if (pages && styles) {
    // What a rendered page applies after its first paint (critical-css.ts): the same text in
    // every process of a build, so it is cached as the build's files are.
    const utilities = prepareText(utilitiesStylesheet(styles.text));
    app.get(utilitiesPath(styles.href), (request, reply) => {
      reply.type('text/css; charset=utf-8').header('cache-control', IMMUTABLE);
      return sendPrepared(request, reply, utilities);
    });
  }
  function clearCaches() {
    documents.clear();
    pages?.clear();
  }
  const clear = () => {
    clearCaches();
    schedule.reset();
  };
  const stops = await Promise.all(channels.map((channel) => options.listen(channel, clear)));
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });

  // Cleared with the pages: a scheduled post enters the sitemap and the feed at its time.
  const checkSchedule = schedule.check;

  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    await checkSchedule();
    const body = await documents.get('sitemap', async () => {
      const [posts, published] = await Promise.all([
        blog.forSitemap(),
        publishedBooksForSitemap(db, SITEMAP_BOOKS),
      ]);
      const entries: SitemapEntry[] = [
        { path: '/', priority: 1 },
        { path: '/blog', changefreq: 'weekly', priority: 0.9 },
        { path: '/premium', priority: 0.9 },
        ...posts.map((post) => ({
          path: `/blog/${post.slug}`,
          lastmod: post.updatedAt,
          changefreq: 'monthly' as const,
          priority: 0.8,
        })),
        { path: '/explore', changefreq: 'weekly', priority: 0.7 },
        { path: '/a-propos', priority: 0.5 },
        { path: '/presse', priority: 0.5 },
        ...published.map((book) => ({
          path: `/books/${book.slug}`,
          lastmod: book.updatedAt,
          priority: 0.6,
        })),
      ];
      return prepareText(sitemapXml(entries, publicUrl));
    });
    return sendDocument(request, reply, 'application/xml; charset=utf-8', body);
  });

  app.get(feedPath, async (request, reply) => {
    await checkSchedule();
    const body = await documents.get('feed', async () =>
      prepareText(
        rssXml(
          { title: feedTitle, description: blogMessages.listIntro, path: '/blog' },
          await blog.forFeed(),
          publicUrl,
        ),
      ),
    );
    return sendDocument(request, reply, 'application/rss+xml; charset=utf-8', body);
  });

  const renderPage: RenderPage | undefined = pages ? (url) => pages.page(url) : undefined;

  // An article and the list's later pages. Rendered: the render says the status (from the
  // page cache: a draft, a scheduled or no post is 'Article non trouvé', a 404; a page past
  // the last redirects to the last). Not rendered (development, tests): the blog says it.
  const blogPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (template === null) {
      return reply.status(404).send(errorBody('NOT_FOUND', errorMessages.notFound));
    }
    const rendered = renderPage ? await renderPage(request.url) : null;
    const answer = rendered ?? (await blog.status(request.url.split('?')[0] ?? ''));
    if ('redirect' in answer && answer.redirect) return reply.redirect(answer.redirect, 302);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (rendered?.body) return sendPage(request, reply, rendered.status, rendered.body);
    return reply.status('status' in answer ? answer.status : 404).send(template);
  };
  app.get('/blog/page/:page', blogPage);
  app.get('/blog/:slug', blogPage);

  return renderPage;
}

/** The build's stylesheet (its address and text), for rendered pages; null if none. */
function builtStyles(
  clientDir: string,
  shell: ShellManifest,
): { href: string; text: string } | null {
  const href = stylesheetPath(shell);
  const file = href && path.join(clientDir, href);
  return href && file && fs.existsSync(file) ? { href, text: fs.readFileSync(file, 'utf8') } : null;
}

function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: PreparedBody,
): FastifyReply {
  reply.type(type).header('cache-control', 'no-cache');
  return sendPrepared(request, reply, body);
}
