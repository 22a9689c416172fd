import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { CircleScreen } from '../features/circles/components/circle-screen';

/** /cercles/{id}: a reading circle's page, for its members (signed-in readers only). */
export function CirclePage() {
  const { id = '' } = useParams();
  return (
    <ProtectedRoute>
      <QueryProvider>
        <CircleScreen key={id} circleId={id} />
      </QueryProvider>
    </ProtectedRoute>
  );
}
