import { useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '../../../../domain/accounts.schemas';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/profiles/:id: another reader's public fields only (docs/architecture.md#profiles). */
export function getPublicProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiRequest(`/api/profiles/${encodeURIComponent(id)}`, { signal });
}

export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: ['profile', 'public', id],
    queryFn: ({ signal }) => getPublicProfile(id, signal),
  });
}
