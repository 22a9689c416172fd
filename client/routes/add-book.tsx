import { readerBooksMessages as m } from '../../domain/messages/reader-books';
import { QueryProvider } from '../app/query-provider';
import { AddBookScreen } from '../features/reader-books/components/add-book-screen';
import { usePageMeta } from '../lib/use-page-meta';

/** /add-book: a signed-in reader adds a book the catalogue lacks (decision 044). */
export function AddBookPage() {
  usePageMeta({ title: m.documentTitle });
  return (
    <QueryProvider>
      <AddBookScreen />
    </QueryProvider>
  );
}
