import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { DiscoverScreen } from '../features/community/components/discover-screen';

/** /discover ('Lecteurs' in the header): the community feed and readers to follow; signed in only. */
export function DiscoverPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <DiscoverScreen />
      </QueryProvider>
    </ProtectedRoute>
  );
}
