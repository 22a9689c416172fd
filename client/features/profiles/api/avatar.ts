import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../domain/accounts.schemas';
import type { ProfilePage } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { setSignedIn } from '../../../lib/session-store';

const path = '/api/profiles/me/avatar';

/** PUT /api/profiles/me/avatar with the photo's bytes; the server crops, resizes and stores it. */
export function uploadAvatar(photo: Blob): Promise<SessionUser> {
  return apiRequest(path, { method: 'PUT', body: photo });
}

/** DELETE /api/profiles/me/avatar: back to initials. */
export function removeAvatar(): Promise<SessionUser> {
  return apiRequest(path, { method: 'DELETE' });
}

/**
 * The new photo shows at once on the profile and in the header (session); the pages that
 * show readers' avatars (profiles, follow lists, discover) are reloaded.
 */
function showPhoto(queryClient: QueryClient, user: SessionUser) {
  queryClient.setQueryData<ProfilePage>(queryKeys.profile(user.id), (page) =>
    page ? { ...page, profile: { ...page.profile, avatarUrl: user.avatarUrl } } : page,
  );
  setSignedIn(user);
  for (const queryKey of [queryKeys.profiles, queryKeys.followLists, queryKeys.discover]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => showPhoto(queryClient, user),
  });
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (user) => showPhoto(queryClient, user),
  });
}
