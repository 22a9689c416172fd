import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../domain/accounts.schemas';
import type { ProfilePage } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { setSignedIn } from '../../../lib/session-store';

/** PATCH /api/profiles/me with { username }: the only profile field a reader writes. */
export function updateUsername(body: { username: string }): Promise<SessionUser> {
  return apiRequest('/api/profiles/me', { method: 'PATCH', body });
}

/**
 * Saves the name, shows it at once (profile and header), then reloads the profile as the
 * spec asks; that reload fails silently, the saved answer already being on screen.
 */
export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsername,
    onSuccess: (user) => {
      const key = queryKeys.profile(user.id);
      queryClient.setQueryData<ProfilePage>(key, (page) =>
        page ? { ...page, profile: { ...page.profile, username: user.username } } : page,
      );
      setSignedIn(user);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
