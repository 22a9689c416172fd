import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookCard, Category, Page } from '../../../../domain/books.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ExploreSort = 'date' | 'author' | 'pages';
export type ExploreParams = {
  cat: Category;
  q: string;
  page: number;
  sort: ExploreSort;
  /** Only books ready to validate (domain/readiness.ts). */
  ready: boolean;
};

/**
 * GET /api/books: one page (24) of a category, optionally filtered (from 2 characters, and
 * to the books ready to validate).
 */
export function exploreBooks(params: ExploreParams, signal?: AbortSignal): Promise<Page<BookCard>> {
  const query = new URLSearchParams({ cat: params.cat, page: String(params.page) });
  if (params.q) query.set('q', params.q);
  if (params.sort !== 'date') query.set('sort', params.sort);
  if (params.ready) query.set('ready', '1');
  return apiRequest(`/api/books?${query}`, { signal });
}

/** Keeps the previous page on screen while the next one loads (no empty flash when paging). */
export function useExploreBooks(params: ExploreParams) {
  return useQuery({
    queryKey: queryKeys.explore(params),
    queryFn: ({ signal }) => exploreBooks(params, signal),
    placeholderData: keepPreviousData,
  });
}
