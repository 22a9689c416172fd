import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { MyCircles } from '../features/circles/components/my-circles';
import { ReadingListScreen } from '../features/reading-list/components/reading-list-screen';

/** /reading-list: the reader's books by status, then their reading circles; signed-in only. */
export function ReadingListPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <ReadingListScreen />
        <MyCircles />
      </QueryProvider>
    </ProtectedRoute>
  );
}
