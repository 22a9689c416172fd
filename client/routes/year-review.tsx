import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { YearReviewScreen } from '../features/insights/components/year-review-screen';
import { NotFoundPage } from './not-found';

/** /bilan/{année}: the signed-in reader's year in review. */
export function YearReviewPage() {
  const year = Number(useParams().year);
  if (!Number.isInteger(year) || year < 2020 || year > 2100) return <NotFoundPage />;
  return (
    <ProtectedRoute>
      <QueryProvider>
        <YearReviewScreen year={year} />
      </QueryProvider>
    </ProtectedRoute>
  );
}
