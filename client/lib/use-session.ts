import { useSyncExternalStore } from 'react';
import { getServerSession, getSession, type Session, subscribeSession } from './session-store';

/**
 * Who is using the app: 'loading' until GET /api/auth/session answers, then 'signed-in'
 * with the reader or 'signed-out'. The shell (header, menus, onboarding) and the screens read
 * this hook; the session store (session-store.ts, beside it) is written by the auth flows.
 * A page rendered on the server is hydrated with 'loading', as the server rendered it.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getServerSession);
}
