import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { queryClient, refreshServerDataWhenSignedIn } from '../lib/query-client';

/**
 * The query client of one server render (client/entry-server.tsx): each request gets its
 * own, so no reader's data is ever shared. Absent in the browser.
 */
export const RequestQueryClient = createContext<QueryClient | null>(null);

/**
 * Gives data screens the shared query client. It is not at the root of the app so TanStack
 * Query stays out of the landing bundle (budget: 90 KB gzip); wrap a screen or a layout
 * route of data screens in it. Every provider hands out the same client, so the cache
 * survives moving between screens.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const client = useContext(RequestQueryClient) ?? queryClient;
  // After hydration (an effect), so the first render is the server's.
  useEffect(refreshServerDataWhenSignedIn, []);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
