import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { CircleScreen } from '../features/circles/components/circle-screen';
import { DiscussionsSection } from '../features/discussions/components/discussions-section';

/**
 * /cercles/{id}: a reading circle's page, for its members (signed-in readers only), with the
 * discussions feature's list of the circle's segment discussions (decision 056).
 */
export function CirclePage() {
  const { id = '' } = useParams();
  return (
    <ProtectedRoute>
      <QueryProvider>
        <CircleScreen key={id} circleId={id} discussions={DiscussionsSection} />
      </QueryProvider>
    </ProtectedRoute>
  );
}
