import type { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from './session-store';

/**
 * Keeps cached server data in step with who is signed in: when the reader changes (sign-in,
 * sign-up, sign-out), what was fetched for the previous one is refetched or, after a
 * sign-out, forgotten. The first answer of the session request is not a change.
 */
export function syncQueriesWithSession(client: QueryClient): () => void {
  const userId = () => {
    const session = getSession();
    if (session.status === 'loading') return undefined;
    return session.status === 'signed-in' ? session.user.id : null;
  };
  let known = userId();
  return subscribeSession(() => {
    const now = userId();
    if (now === undefined) return;
    if (known !== undefined && now !== known) {
      if (now === null) client.removeQueries();
      else void client.invalidateQueries();
    }
    known = now;
  });
}
