import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { SignOutButton } from '../features/auth/components/sign-out-button';
import { ProfileScreen } from '../features/profiles/components/profile-screen';

/** /profile, /profile/{userId} and /u/{userId}: for signed-in readers only. */
export function ProfilePage() {
  const { userId } = useParams();
  return (
    <ProtectedRoute>
      <QueryProvider>
        <ProfileScreen userId={userId} signOut={<SignOutButton />} />
      </QueryProvider>
    </ProtectedRoute>
  );
}
