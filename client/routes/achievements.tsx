import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { AchievementsScreen } from '../features/rewards/components/achievements-screen';

/** /achievements: statistics, streaks, level, badges, quests and challenges; signed in only. */
export function AchievementsPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <AchievementsScreen />
      </QueryProvider>
    </ProtectedRoute>
  );
}
