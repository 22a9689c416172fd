import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CommunityStats, Feed, Suggestion } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The feed stays fresh 60 s (spec: feed cached 60 s, no refetch on focus). */
export const FEED_STALE_MS = 60_000;

/** GET /api/discover/feed?cursor=: one page of activities, newest first. */
export function getFeed(cursor: string | undefined, signal?: AbortSignal): Promise<Feed> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/discover/feed${query}`, { signal });
}

export function useFeed() {
  return useInfiniteQuery({
    queryKey: queryKeys.feed,
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: FEED_STALE_MS,
  });
}

/** GET /api/discover/readers: readers to follow ('Lecteurs à découvrir'). */
export function useSuggestions() {
  return useQuery({
    queryKey: queryKeys.suggestions,
    queryFn: ({ signal }) =>
      apiRequest<{ items: Suggestion[] }>('/api/discover/readers', { signal }).then(
        (data) => data.items,
      ),
    staleTime: FEED_STALE_MS,
  });
}

/** GET /api/discover/stats: 'Lecteurs', 'Abonné·e·s', 'Abonnements'. */
export function useCommunityStats() {
  return useQuery({
    queryKey: queryKeys.communityStats,
    queryFn: ({ signal }) => apiRequest<CommunityStats>('/api/discover/stats', { signal }),
    staleTime: FEED_STALE_MS,
  });
}
