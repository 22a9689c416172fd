import { useQuery } from '@tanstack/react-query';
import type { ProfilePage } from '../../../../domain/community.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/profiles/:id: the whole profile page in one answer; the server leaves out what
 * the viewer may not see (e-mail and tiles are the owner's only).
 */
export function getProfilePage(id: string, signal?: AbortSignal): Promise<ProfilePage> {
  return apiRequest(`/api/profiles/${encodeURIComponent(id)}`, { signal });
}

export function useProfilePage(id: string) {
  return useQuery({
    queryKey: queryKeys.profile(id),
    queryFn: ({ signal }) => getProfilePage(id, signal),
  });
}
