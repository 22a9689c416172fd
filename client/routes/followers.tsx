import { useLocation, useParams } from 'react-router';
import type { FollowListType } from '../../domain/screen-paths';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { FollowListScreen } from '../features/community/components/follow-list-screen';
import { useSession } from '../lib/use-session';

/**
 * /followers/{followers|following}/{userId}: a reader's followers or the readers they
 * follow; without userId, the signed-in reader's own. Signed-in readers only.
 */
export function FollowersPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <FollowList />
      </QueryProvider>
    </ProtectedRoute>
  );
}

function FollowList() {
  const { userId } = useParams();
  const { pathname } = useLocation();
  const session = useSession();
  // The router only sends the two known types here (domain/screen-paths.ts).
  const type: FollowListType = pathname.split('/')[2] === 'following' ? 'following' : 'followers';
  const id = userId ?? (session.status === 'signed-in' ? session.user.id : '');
  return <FollowListScreen key={`${type}:${id}`} type={type} userId={id} />;
}
