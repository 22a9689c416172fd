import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/auth/password-reset/:token: whether the link of the e-mail can still be used. */
export async function checkResetToken(token: string, signal?: AbortSignal): Promise<boolean> {
  const { valid } = await apiRequest<{ valid: boolean }>(
    `/api/auth/password-reset/${encodeURIComponent(token)}`,
    { signal },
  );
  return valid;
}

/** A missing token is not asked about: it is simply invalid. */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['password-reset', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    enabled: token !== '',
    // A link is used once: always ask again rather than trust an earlier answer.
    staleTime: 0,
    gcTime: 0,
  });
}
