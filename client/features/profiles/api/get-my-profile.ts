import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../../domain/accounts.schemas';
import { apiRequest } from '../../../lib/api-client';

export const myProfileKey = ['profile', 'me'] as const;

/** GET /api/profiles/me: every field of the signed-in reader's own profile. */
export function getMyProfile(signal?: AbortSignal): Promise<SessionUser> {
  return apiRequest('/api/profiles/me', { signal });
}

export function useMyProfile() {
  return useQuery({ queryKey: myProfileKey, queryFn: ({ signal }) => getMyProfile(signal) });
}
