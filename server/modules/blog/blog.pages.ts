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
