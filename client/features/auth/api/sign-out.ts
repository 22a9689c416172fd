import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/sign-out: the server ends the session and clears its cookie. */
export function signOut(): Promise<{ message: string }> {
  return apiRequest('/api/auth/sign-out', { method: 'POST' });
}
