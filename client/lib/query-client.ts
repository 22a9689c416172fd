import { type DehydratedState, hydrate, QueryClient } from '@tanstack/react-query';
import { serverDataId } from '../../domain/page-head';
import { syncQueriesWithSession } from './query-session-sync';
import { retryDelay, shouldRetry } from './retry';
import { getSession, subscribeSession } from './session-store';

/** Server data stays fresh for 5 minutes (docs/architecture.md#caches). */
export const STALE_TIME_MS = 300_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
      // Writes are not retried automatically: the server decides whether one took effect.
      mutations: { retry: false },
    },
  });
}

/**
 * The one client of the app. Kept out of the landing bundle: screens that fetch data are
 * wrapped in <QueryProvider> (client/app/query-provider.tsx), which imports this module.
 */
export const queryClient = createQueryClient();
syncQueriesWithSession(queryClient);

// A page rendered on the server came with the data it shows: the first render in the
// browser reads it too, so it equals the server's markup (no request, no mismatch).
const serverData = readServerData();
if (serverData) hydrate(queryClient, serverData);

function readServerData(): DehydratedState | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(serverDataId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

let refreshWatched = false;

/**
 * The server renders for a visitor: once the session says a reader is signed in, the
 * server's data is fetched again with their cookie (their progress on a book, their list).
 * Called after hydration; returns nothing to undo (it stops by itself).
 */
export function refreshServerDataWhenSignedIn(): void {
  if (refreshWatched || !serverData) return;
  refreshWatched = true;
  const check = () => {
    const session = getSession();
    if (session.status === 'loading') return false;
    if (session.status === 'signed-in') {
      for (const { queryKey } of serverData.queries) {
        void queryClient.invalidateQueries({ queryKey, exact: true });
      }
    }
    return true;
  };
  if (check()) return;
  const unsubscribe = subscribeSession(() => {
    if (check()) unsubscribe();
  });
}
