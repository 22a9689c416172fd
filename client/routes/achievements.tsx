import { lazy, Suspense } from 'react';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { FriendsSection } from '../features/friends/components/friends-section';
import { AchievementsScreen } from '../features/rewards/components/achievements-screen';

// The insights (calendar, charts, goal) load in their own chunk, after the page's figures.
const InsightsSection = lazy(() =>
  import('../features/insights/components/insights-section').then((m) => ({
    default: m.InsightsSection,
  })),
);

/**
 * /achievements: statistics, streaks, friend streaks and the friend quest (their own request,
 * never cached with the rest), insights, level, badges, quests and challenges.
 */
export function AchievementsPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <AchievementsScreen
          friends={<FriendsSection />}
          insights={
            <Suspense fallback={null}>
              <InsightsSection />
            </Suspense>
          }
        />
      </QueryProvider>
    </ProtectedRoute>
  );
}
