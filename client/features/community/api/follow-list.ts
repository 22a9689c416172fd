import { useInfiniteQuery } from '@tanstack/react-query';
import type { FollowList } from '../../../../domain/community.schemas';
import type { FollowListType } from '../../../../domain/screen-paths';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/profiles/:id/followers|following?cursor=: one page of a reader's list. */
export function getFollowList(options: {
  type: FollowListType;
  userId: string;
  cursor?: string | undefined;
  signal?: AbortSignal;
}): Promise<FollowList> {
  const { type, userId, cursor, signal } = options;
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/profiles/${encodeURIComponent(userId)}/${type}${query}`, { signal });
}

/** A followers or following list, page after page ('Afficher plus'). */
export function useFollowList(type: FollowListType, userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.followList(type, userId),
    queryFn: ({ pageParam, signal }) => getFollowList({ type, userId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
