import { useMutation } from '@tanstack/react-query';
import type { Credentials, SessionUser } from '../../../../domain/accounts.schemas';
import { apiRequest } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/session-store';

/** POST /api/auth/sign-up: creates the account and signs the new reader in (201). */
export async function signUp(credentials: Credentials): Promise<SessionUser> {
  const { user } = await apiRequest<{ user: SessionUser }>('/api/auth/sign-up', {
    method: 'POST',
    body: credentials,
  });
  return user;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, onSuccess: setSignedIn });
}
