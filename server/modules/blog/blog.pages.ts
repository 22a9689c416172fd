import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { blogPagePath } from '../../../domain/blog';
import type { Db } from '../../db/client';
import { getPublishedPost, listPublishedPosts } from './blog.repository';

/**
 * What the server answers for a blog page's address before any HTML: 200, 404 (an unknown,
 * draft or scheduled post; a page number that is not one) or a redirect (a page past the
 * last goes to the last, docs/architecture.md#blog). Exported for the server-rendered pages.
 */
export async function blogPageStatus(
  db: Db,
  pathname: string,
): Promise<{ status: 200 | 404 } | { redirect: string }> {
  const paged = /^\/blog\/page\/([^/]+)\/?$/.exec(pathname);
  if (paged) {
    const page = Number(paged[1]);
    if (!Number.isInteger(page) || page < 1 || String(page) !== paged[1]) return { status: 404 };
    if (page === 1) return { redirect: '/blog' };
    const list = await listPublishedPosts(db, page);
    return list.page === page ? { status: 200 } : { redirect: blogPagePath(list.page) };
  }
  const post = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (post) {
    let slug: string;
    try {
      slug = decodeURIComponent(post[1] ?? '');
    } catch {
      return { status: 404 };
    }
    return (await getPublishedPost(db, slug)) ? { status: 200 } : { status: 404 };
  }
  return { status: pathname.replace(/\/+$/, '') === '/blog' ? 200 : 404 };
}

/**
 * The blog's pages get true statuses: the app shell with 404 for 'Article non trouvé', a
 * redirect for a page past the last. (The shell is the client's; server rendering may take
 * these routes over.)
 */
export async function blogPageRoutes(
  app: FastifyInstance,
  { db, clientDir }: { db: Db; clientDir: string },
) {
  const indexPath = path.join(clientDir, 'index.html');
  const shell = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  if (!shell) return; // not built: the client plugin's 404s apply
  const answer = async (pathname: string, reply: import('fastify').FastifyReply) => {
    const result = await blogPageStatus(db, pathname);
    if ('redirect' in result) return reply.redirect(result.redirect, 302);
    return reply
      .status(result.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell);
  };
  app.get('/blog/page/:page', (request, reply) => answer(request.url.split('?')[0] ?? '', reply));
  app.get('/blog/:slug', (request, reply) => answer(request.url.split('?')[0] ?? '', reply));
}
