import { useParams } from 'react-router';
import { QueryProvider } from '../app/query-provider';
import { AccountSettings } from '../features/account/components/account-settings';
import { ApiTokensCard } from '../features/account/components/api-tokens-card';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { SignOutButton } from '../features/auth/components/sign-out-button';
import { BlockedReaders } from '../features/community/components/blocked-readers';
import { ProfileRelationActions } from '../features/community/components/profile-relation-actions';
import {
  FriendActions,
  ProfileFriendStreaks,
} from '../features/friends/components/profile-friends';
import { GoalSummary } from '../features/insights/components/goal-summary';
import { KosyncSettings } from '../features/kosync/components/kosync-settings';
import { NotificationSettings } from '../features/notifications/components/digest-email-setting';
import { ProfileScreen } from '../features/profiles/components/profile-screen';
import { ReminderCard } from '../features/reminders/reminder-card';

/**
 * /profile, /profile/{userId} and /u/{userId}: for signed-in readers only. The community
 * brings follow and block to the profile, and the blocked readers to its settings; the
 * friends feature the friend streaks, and starting one with a reader who follows back.
 */
export function ProfilePage() {
  const { userId } = useParams();
  return (
    <ProtectedRoute>
      <QueryProvider>
        <ProfileScreen
          userId={userId}
          signOut={<SignOutButton />}
          relationActions={(page) => (
            <>
              <ProfileRelationActions page={page} />
              {page.relation.blocked ? null : <FriendActions readerId={page.profile.id} />}
            </>
          )}
          friends={(page) => (
            <ProfileFriendStreaks readerId={page.profile.id} isOwner={page.isOwner} />
          )}
          blockedReaders={<BlockedReaders />}
          notificationSettings={<NotificationSettings />}
          reminders={<ReminderCard />}
          accountSettings={<AccountSettings />}
          apiTokens={<ApiTokensCard />}
          ownerGoal={<GoalSummary />}
          koreader={<KosyncSettings />}
        />
      </QueryProvider>
    </ProtectedRoute>
  );
}
