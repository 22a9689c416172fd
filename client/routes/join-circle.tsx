import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { JoinCircleScreen } from '../features/circles/components/join-circle-screen';

/**
 * /cercles/rejoindre/{code}: an invitation to a reading circle. A visitor is sent to sign in
 * and comes back here (ProtectedRoute carries the page in /auth's `next`).
 */
export function JoinCirclePage() {
  const { code = '' } = useParams();
  return (
    <ProtectedRoute>
      <QueryProvider>
        <JoinCircleScreen key={code} code={code} />
      </QueryProvider>
    </ProtectedRoute>
  );
}
