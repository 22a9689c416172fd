import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity, BookyState, Feed } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type BookyInput = { activityId: string; like: boolean };

/** PUT /api/activities/:id/booky gives a Booky, DELETE takes it back. */
export function setBooky({ activityId, like }: BookyInput): Promise<BookyState> {
  return apiRequest(`/api/activities/${encodeURIComponent(activityId)}/booky`, {
    method: like ? 'PUT' : 'DELETE',
  });
}

type FeedData = InfiniteData<Feed, string | undefined>;

function patchActivity(
  data: FeedData | undefined,
  id: string,
  patch: (activity: Activity) => Activity,
): FeedData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === id ? patch(item) : item)),
    })),
  };
}

function findActivity(data: FeedData | undefined, id: string): Activity | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Give or take back a Booky: the count and the button change at once; if the server
 * refuses, this activity goes back to what it was, silently (spec: 'Like failure: reverts
 * silently').
 */
export function useBooky() {
  const queryClient = useQueryClient();
  const key = queryKeys.feed;
  return useMutation({
    mutationFn: setBooky,
    onMutate: async ({ activityId, like }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = findActivity(queryClient.getQueryData<FeedData>(key), activityId);
      queryClient.setQueryData<FeedData>(key, (data) =>
        patchActivity(data, activityId, (item) =>
          item.likedByMe === like
            ? item
            : { ...item, likedByMe: like, likes: Math.max(0, item.likes + (like ? 1 : -1)) },
        ),
      );
      return { before };
    },
    onError: (_error, { activityId }, context) => {
      const before = context?.before;
      if (!before) return;
      queryClient.setQueryData<FeedData>(key, (data) =>
        patchActivity(data, activityId, (item) => ({
          ...item,
          likedByMe: before.likedByMe,
          likes: before.likes,
        })),
      );
    },
    onSuccess: (state, { activityId }) => {
      queryClient.setQueryData<FeedData>(key, (data) =>
        patchActivity(data, activityId, (item) => ({ ...item, ...state })),
      );
    },
  });
}
