import { useQuery } from '@tanstack/react-query';
import type { BookCard } from '../../../../domain/books.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/search?q=: up to 20 books, best match first, by title or author. */
export function searchBooks(q: string, signal?: AbortSignal): Promise<{ items: BookCard[] }> {
  return apiRequest(`/api/search?${new URLSearchParams({ q })}`, { signal });
}

/** The home search; idle while the (trimmed) text is empty. */
export function useBookSearch(q: string) {
  return useQuery({
    queryKey: queryKeys.search(q),
    queryFn: ({ signal }) => searchBooks(q, signal).then((data) => data.items),
    enabled: q !== '',
  });
}
