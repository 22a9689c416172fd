import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { BookDetailScreen } from '../features/catalogue/components/book-detail-screen';

/** /books/{id or slug} and /book/{id or slug}: open to visitors, who are asked to sign in. */
export function BookPage() {
  const { ref = '' } = useParams();
  return (
    <QueryProvider>
      {/* A new book is a new page: nothing of the previous one is kept. */}
      <BookDetailScreen key={ref} bookRef={ref} />
    </QueryProvider>
  );
}
