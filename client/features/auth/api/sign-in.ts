import { useMutation } from '@tanstack/react-query';
import type { Credentials, SessionUser } from '../../../../domain/accounts.schemas';
import { apiRequest } from '../../../lib/api-client';
import { setSignedIn } from '../../../lib/session-store';

/** POST /api/auth/sign-in: the server sets the session cookie and answers with the reader. */
export async function signIn(credentials: Credentials): Promise<SessionUser> {
  const { user } = await apiRequest<{ user: SessionUser }>('/api/auth/sign-in', {
    method: 'POST',
    body: credentials,
  });
  return user;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: setSignedIn });
}
