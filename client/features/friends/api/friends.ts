import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FriendInvitationResult,
  FriendsOverview,
  ReaderFriends,
} from '../../../../domain/friends.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// Friend streaks and the weekly friend quest (decision 055): the reads and writes of the
// achievements page and the profiles. Every write refetches every friends query (mine and the
// profiles'), and the notifications (an invitation answered).

const overviewKey = [...queryKeys.friends, 'me'] as const;
const readerKey = (id: string) => [...queryKeys.friends, 'reader', id] as const;

/** GET /api/me/friends: my friend streaks, invitations and this week's friend quest. */
export function useFriendsOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => apiRequest<FriendsOverview>('/api/me/friends', { signal }),
  });
}

/** GET /api/readers/:id/friends: a reader's friend streaks, and mine with them. */
export function useReaderFriends(readerId: string) {
  return useQuery({
    queryKey: readerKey(readerId),
    queryFn: ({ signal }) =>
      apiRequest<ReaderFriends>(`/api/readers/${encodeURIComponent(readerId)}/friends`, {
        signal,
      }),
    enabled: readerId !== '',
  });
}

function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.friends });
}

const post = <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body });
const remove = (path: string) => apiRequest<{ removed: true }>(path, { method: 'DELETE' });
const at = (base: string, id: string, action = '') =>
  `${base}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** Every write of the feature, as one mutation per kind. */
export type FriendAction =
  | { kind: 'invite-streak'; readerId: string }
  | { kind: 'accept-streak'; id: string }
  | { kind: 'remove-streak'; id: string }
  | { kind: 'nudge'; id: string }
  | { kind: 'propose-quest'; readerId: string }
  | { kind: 'accept-quest'; id: string }
  | { kind: 'remove-quest'; id: string };

/** Sends one friends write to the server; the answer is the server's. */
export function sendFriendAction(
  action: FriendAction,
): Promise<FriendInvitationResult | { removed: true } | { nudgedOn: string }> {
  switch (action.kind) {
    case 'invite-streak':
      return post('/api/friend-streaks', { readerId: action.readerId });
    case 'accept-streak':
      return post(at('/api/friend-streaks', action.id, 'accept'));
    case 'remove-streak':
      return remove(at('/api/friend-streaks', action.id));
    case 'nudge':
      return post(at('/api/friend-streaks', action.id, 'nudge'));
    case 'propose-quest':
      return post('/api/friend-quests', { readerId: action.readerId });
    case 'accept-quest':
      return post(at('/api/friend-quests', action.id, 'accept'));
    case 'remove-quest':
      return remove(at('/api/friend-quests', action.id));
  }
}

/** A friends write; every friends query is refetched after it, refused or not. */
export function useFriendAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFriendAction,
    onSettled: () => refresh(client),
  });
}
