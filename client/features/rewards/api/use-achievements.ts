import { useQuery } from '@tanstack/react-query';
import type { Achievements } from '../../../../domain/rewards.schemas';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';

export const achievementsKey = ['achievements'] as const;

/**
 * User stats are cached 60 s (docs/architecture.md#client-timings); a validation refreshes them at
 * once.
 */
export const REWARDS_STALE_MS = 60_000;

/** GET /api/me/achievements: stats, level, the whole badge catalogue, quests and challenges. */
export function getAchievements(signal?: AbortSignal): Promise<Achievements> {
  return apiRequest('/api/me/achievements', { signal });
}

/** The signed-in reader's achievements; idle when signed out. */
export function useAchievements() {
  const session = useSession();
  return useQuery({
    queryKey: achievementsKey,
    queryFn: ({ signal }) => getAchievements(signal),
    enabled: session.status === 'signed-in',
    staleTime: REWARDS_STALE_MS,
  });
}
