import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../domain/api.schemas';
import type {
  CircleCreated,
  CirclePage,
  CreateCircleBody,
  InvitationPreview,
  MyCircles,
} from '../../../../domain/circles.schemas';
import type { FollowList } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// The reading circles' calls (docs/architecture.md#reading-circles): each answer is one
// reader's view of a private circle, so none is kept beyond this tab's cache.

export const circleKeys = {
  all: ['circles'] as const,
  mine: ['circles', 'mine'] as const,
  circle: (id: string) => ['circles', 'circle', id] as const,
  invitation: (code: string) => ['circles', 'invitation', code] as const,
  following: (readerId: string) => ['circles', 'following', readerId] as const,
};

const circleUrl = (id: string) => `/api/circles/${encodeURIComponent(id)}`;
const invitationUrl = (code: string) => `/api/circle-invitations/${encodeURIComponent(code)}`;

export const useMyCircles = () =>
  useQuery({ queryKey: circleKeys.mine, queryFn: () => apiRequest<MyCircles>('/api/circles') });

export const useCircle = (id: string) =>
  useQuery({
    queryKey: circleKeys.circle(id),
    queryFn: ({ signal }) => apiRequest<CirclePage>(circleUrl(id), { signal }),
    // A refusal (not a member, removed, unknown) is final: no retry.
    retry: false,
  });

export const useInvitation = (code: string) =>
  useQuery({
    queryKey: circleKeys.invitation(code),
    queryFn: ({ signal }) => apiRequest<InvitationPreview>(invitationUrl(code), { signal }),
    retry: false,
  });

/**
 * The first page of readers I follow (the community's list), for the creator's invitations;
 * the circle's members are told apart by the page.
 */
export const useFollowing = (readerId: string, enabled: boolean) =>
  useQuery({
    queryKey: circleKeys.following(readerId),
    queryFn: ({ signal }) =>
      apiRequest<FollowList>(`/api/profiles/${encodeURIComponent(readerId)}/following`, {
        signal,
      }),
    enabled,
  });

/** Starting or joining a circle adds its book to the reader's list: both are refreshed. */
function useAfterJoin() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: circleKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.readingList });
    void client.invalidateQueries({ queryKey: queryKeys.books });
  };
}

export const useStartCircle = () => {
  const refresh = useAfterJoin();
  return useMutation({
    mutationFn: (body: CreateCircleBody) =>
      apiRequest<CircleCreated>('/api/circles', { method: 'POST', body }),
    onSuccess: refresh,
  });
};

export const useJoinCircle = (code: string) => {
  const refresh = useAfterJoin();
  return useMutation({
    mutationFn: () => apiRequest<CircleCreated>(invitationUrl(code), { method: 'POST' }),
    onSettled: refresh,
  });
};

/** A change on one circle: the circle and my list of circles are read again. */
function useCircleChange<T, V = void>(request: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => client.invalidateQueries({ queryKey: circleKeys.all }),
  });
}

export const useLeaveCircle = (id: string) =>
  useCircleChange(() =>
    apiRequest<MessageResponse>(`${circleUrl(id)}/membership`, { method: 'DELETE' }),
  );

export const useCloseCircle = (id: string) =>
  useCircleChange(() => apiRequest<MessageResponse>(`${circleUrl(id)}/close`, { method: 'POST' }));

export const useRemoveMember = (id: string) =>
  useCircleChange((readerId: string) =>
    apiRequest<MessageResponse>(`${circleUrl(id)}/members/${encodeURIComponent(readerId)}`, {
      method: 'DELETE',
    }),
  );

export const useRenewInviteCode = (id: string) =>
  useCircleChange(() =>
    apiRequest<{ inviteCode: string }>(`${circleUrl(id)}/invite-code`, { method: 'POST' }),
  );

export const useInviteReader = (id: string) =>
  useCircleChange((readerId: string) =>
    apiRequest<MessageResponse>(`${circleUrl(id)}/invitations`, {
      method: 'POST',
      body: { readerId },
    }),
  );

export const useEmailReminders = (id: string) =>
  useCircleChange((emailReminders: boolean) =>
    apiRequest<{ emailReminders: boolean; message: string }>(`${circleUrl(id)}/membership`, {
      method: 'PATCH',
      body: { emailReminders },
    }),
  );
