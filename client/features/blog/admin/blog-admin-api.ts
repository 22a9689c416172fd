import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogAdminPost, BlogImage, BlogPostInput } from '../../../../domain/blog.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { blogKeys } from '../blog-queries';

// The back office's blog requests (administrators only) and their cache.

export const blogAdminKeys = {
  list: [...queryKeys.admin, 'blog'] as const,
  post: (id: string) => [...queryKeys.admin, 'blog', id] as const,
};

const base = '/api/admin/blog';

export const useAdminBlogPosts = () =>
  useQuery({
    queryKey: blogAdminKeys.list,
    queryFn: ({ signal }) =>
      apiRequest<{ items: BlogAdminPost[] }>(`${base}/posts`, { signal }).then((r) => r.items),
  });

export const useAdminBlogPost = (id: string | null) =>
  useQuery({
    queryKey: blogAdminKeys.post(id ?? 'new'),
    queryFn: ({ signal }) => apiRequest<BlogAdminPost>(`${base}/posts/${id}`, { signal }),
    enabled: id !== null,
  });

type Action =
  | { kind: 'save'; id: string | null; input: BlogPostInput }
  | { kind: 'delete'; id: string }
  | { kind: 'publish'; id: string }
  | { kind: 'unpublish'; id: string }
  | { kind: 'schedule'; id: string; publishedAt: string };

function run(action: Action): Promise<BlogAdminPost | { deleted: true }> {
  switch (action.kind) {
    case 'save':
      return action.id
        ? apiRequest(`${base}/posts/${action.id}`, { method: 'PUT', body: action.input })
        : apiRequest(`${base}/posts`, { method: 'POST', body: action.input });
    case 'delete':
      return apiRequest(`${base}/posts/${action.id}`, { method: 'DELETE' });
    case 'schedule':
      return apiRequest(`${base}/posts/${action.id}/schedule`, {
        method: 'POST',
        body: { publishedAt: action.publishedAt },
      });
    default:
      return apiRequest(`${base}/posts/${action.id}/${action.kind}`, { method: 'POST' });
  }
}

/** Every write of the manager; the admin list and the public pages are read again after it. */
export function useBlogAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: blogAdminKeys.list }),
        client.invalidateQueries({ queryKey: blogKeys.all }),
      ]);
    },
  });
}

/** PUT /api/admin/blog/images: the raw file; the server checks, crops and encodes it. */
export function uploadBlogImage(file: File) {
  return apiRequest<{ hash: string; image: BlogImage }>(`${base}/images`, {
    method: 'PUT',
    body: file,
  });
}

/** POST /api/admin/blog/preview: the sanitised HTML the Markdown gives. */
export function previewMarkdown(markdown: string, signal?: AbortSignal) {
  return apiRequest<{ html: string; readingMinutes: number }>(`${base}/preview`, {
    method: 'POST',
    body: { markdown },
    signal,
  });
}
