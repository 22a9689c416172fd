import { bookRequestMessages as m } from '../../domain/messages/book-requests';
import { QueryProvider } from '../app/query-provider';
import { RequestBookScreen } from '../features/book-requests/components/request-book-screen';
import { usePageMeta } from '../lib/use-page-meta';

/** /request-book: premium readers ask for a book. */
export function RequestBookPage() {
  usePageMeta({ title: m.documentTitle });
  return (
    <QueryProvider>
      <RequestBookScreen />
    </QueryProvider>
  );
}
