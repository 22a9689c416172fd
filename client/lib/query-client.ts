import { QueryClient } from '@tanstack/react-query';
import { syncQueriesWithSession } from './query-session-sync';
import { retryDelay, shouldRetry } from './retry';

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
