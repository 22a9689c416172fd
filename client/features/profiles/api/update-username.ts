import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../domain/accounts.schemas';
import { apiRequest } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/session-store';
import { myProfileKey } from './get-my-profile';

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
      queryClient.setQueryData(myProfileKey, user);
      setSignedIn(user);
      void queryClient.invalidateQueries({ queryKey: myProfileKey });
    },
  });
}
