import { useQuery } from '@tanstack/react-query';
import type { BookCard } from '../../../../domain/books.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/search?q=: up to 20 books, best match first, by title or author; with `ready`,
 * only books ready to validate.
 */
export function searchBooks(
  q: string,
  options: { ready?: boolean; signal?: AbortSignal } = {},
): Promise<{ items: BookCard[] }> {
  const query = new URLSearchParams({ q });
  if (options.ready) query.set('ready', '1');
  return apiRequest(`/api/search?${query}`, { signal: options.signal });
}

/** The home search; idle while the (trimmed) text is empty. */
export function useBookSearch(q: string, ready = false) {
  return useQuery({
    queryKey: queryKeys.search(q, ready),
    queryFn: ({ signal }) => searchBooks(q, { ready, signal }).then((data) => data.items),
    enabled: q !== '',
  });
}
