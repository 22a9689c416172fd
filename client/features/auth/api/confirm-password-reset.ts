import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loadSession } from '../../../lib/session-store';

export type NewPassword = { token: string; password: string; confirmation: string };

/** POST /api/auth/password-reset/confirm: sets the new password; every session ends. */
export function confirmPasswordReset(body: NewPassword): Promise<{ message: string }> {
  return apiRequest('/api/auth/password-reset/confirm', { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  // The server ended every session of this reader, maybe this browser's too: ask again.
  return useMutation({ mutationFn: confirmPasswordReset, onSuccess: () => loadSession() });
}
