import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

/**
 * Gives data screens the shared query client. It is not at the root of the app so TanStack
 * Query stays out of the landing bundle (budget: 90 KB gzip); wrap a screen or a layout
 * route of data screens in it. Every provider hands out the same client, so the cache
 * survives moving between screens.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
