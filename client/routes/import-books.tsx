import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { ImportScreen } from '../features/insights/components/import-screen';
import { RequestBookButton } from '../features/insights/components/request-book-button';

/** /import: a Goodreads or StoryGraph export into the reading list. */
export function ImportBooksPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <ImportScreen requestBook={(row) => <RequestBookButton {...row} />} />
      </QueryProvider>
    </ProtectedRoute>
  );
}
