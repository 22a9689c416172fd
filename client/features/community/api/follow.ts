import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState, ProfilePage } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type FollowInput = { userId: string; follow: boolean };

/** PUT /api/follows/:id follows a reader, DELETE stops; the answer is the new state. */
export function setFollow({ userId, follow }: FollowInput): Promise<FollowState> {
  return apiRequest(`/api/follows/${encodeURIComponent(userId)}`, {
    method: follow ? 'PUT' : 'DELETE',
  });
}

function withFollow(page: ProfilePage, following: boolean, followers?: number): ProfilePage {
  const change = following === page.relation.following ? 0 : following ? 1 : -1;
  return {
    ...page,
    relation: { ...page.relation, following },
    counts: { ...page.counts, followers: followers ?? page.counts.followers + change },
  };
}

/** What a follow changes besides the reader's own profile page. */
export function refreshAfterFollow(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
  void queryClient.invalidateQueries({ queryKey: queryKeys.followLists });
  void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
  void queryClient.invalidateQueries({ queryKey: queryKeys.communityStats });
  // Suggestions are refreshed on the next visit, not under the reader's eyes: the one just
  // followed stays, marked 'Abonné'.
  void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions, refetchType: 'none' });
}

/**
 * Follow or unfollow, shown at once on the reader's profile page (button and 'Abonnés (n)')
 * and put back as it was if the server refuses (docs/architecture.md#community).
 */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollow,
    onMutate: async ({ userId, follow }) => {
      const key = queryKeys.profile(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProfilePage>(key);
      if (previous) queryClient.setQueryData(key, withFollow(previous, follow));
      return { previous };
    },
    onError: (_error, { userId }, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.profile(userId), context.previous);
    },
    onSuccess: (state, { userId }) => {
      queryClient.setQueryData<ProfilePage>(queryKeys.profile(userId), (page) =>
        page ? withFollow(page, state.following, state.followers) : page,
      );
    },
    onSettled: () => refreshAfterFollow(queryClient),
  });
}
