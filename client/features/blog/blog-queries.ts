import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogEvent, BlogList, BlogPost } from '../../../domain/blog.schemas';
import { apiRequest } from '../../lib/api-client';

// The blog's public reads: one key and one fetcher per page, so the server render can fill
// the same cache entries the browser then reads (decision 029).

export const blogKeys = {
  all: ['blog'] as const,
  list: (page: number) => ['blog', 'list', page] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
};

/** GET /api/blog/posts?page=N: a page past the last answers with the last (its `page`). */
export function fetchBlogList(page: number, signal?: AbortSignal): Promise<BlogList> {
  return apiRequest(`/api/blog/posts?page=${page}`, { signal });
}

/** GET /api/blog/posts/:slug: a public post with its related posts (404 otherwise). */
export function fetchBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiRequest(`/api/blog/posts/${encodeURIComponent(slug)}`, { signal });
}

export const blogListQuery = (page: number) =>
  queryOptions({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) => fetchBlogList(page, signal),
  });

export const blogPostQuery = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => fetchBlogPost(slug, signal),
  });

export const useBlogList = (page: number) => useQuery(blogListQuery(page));
export const useBlogPost = (slug: string) => useQuery(blogPostQuery(slug));

/**
 * Tells our server of a view, a reading time or a share (no third party). It survives the
 * page being closed (keepalive), and a failure is silent: it never bothers the reader.
 */
export function recordBlogEvent(slug: string, event: BlogEvent): void {
  void fetch(`/api/blog/posts/${encodeURIComponent(slug)}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}
