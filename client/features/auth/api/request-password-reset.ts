import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/password-reset: mails a reset link. The answer is the same whether or not
 * a reader has this address, so it tells nobody which addresses have an account.
 */
export function requestPasswordReset(body: { email: string }): Promise<{ message: string }> {
  return apiRequest('/api/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
