import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '../../../../domain/rewards.schemas';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { REWARDS_STALE_MS } from './use-achievements';

export const statsKey = ['stats'] as const;

/** GET /api/me/stats: the signed-in reader's figures (books, pages, XP, streaks…). */
export function getStats(signal?: AbortSignal): Promise<UserStats> {
  return apiRequest('/api/me/stats', { signal });
}

/** The signed-in reader's stats; idle when signed out. */
export function useStats() {
  const session = useSession();
  return useQuery({
    queryKey: statsKey,
    queryFn: ({ signal }) => getStats(signal),
    enabled: session.status === 'signed-in',
    staleTime: REWARDS_STALE_MS,
  });
}
