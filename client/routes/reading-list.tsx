import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { ReadingListScreen } from '../features/reading-list/components/reading-list-screen';

/** /reading-list: the reader's books by status; signed-in readers only. */
export function ReadingListPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <ReadingListScreen />
      </QueryProvider>
    </ProtectedRoute>
  );
}
