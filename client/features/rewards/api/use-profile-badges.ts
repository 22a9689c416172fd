import { useQuery } from '@tanstack/react-query';
import type { BadgeView } from '../../../../domain/rewards.schemas';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { REWARDS_STALE_MS } from './use-achievements';

/** Prefix of every reader's badge list (a validation invalidates them all). */
export const profileBadgesPrefix = ['profile-badges'] as const;
export const profileBadgesKey = (userId: string) => ['profile-badges', userId] as const;

/** GET /api/profiles/:id/badges: the badges a reader has earned, in catalogue order. */
export function getProfileBadges(
  userId: string,
  signal?: AbortSignal,
): Promise<{ badges: BadgeView[] }> {
  return apiRequest(`/api/profiles/${encodeURIComponent(userId)}/badges`, { signal });
}

/** A reader's earned badges (for signed-in readers); idle without an id. */
export function useProfileBadges(userId: string | undefined) {
  const session = useSession();
  return useQuery({
    queryKey: profileBadgesKey(userId ?? ''),
    queryFn: ({ signal }) => getProfileBadges(userId ?? '', signal).then((data) => data.badges),
    enabled: session.status === 'signed-in' && Boolean(userId),
    staleTime: REWARDS_STALE_MS,
  });
}
