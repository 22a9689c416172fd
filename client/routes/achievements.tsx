import { lazy, Suspense } from 'react';
import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { AchievementsScreen } from '../features/rewards/components/achievements-screen';

// The insights (calendar, charts, goal) load in their own chunk, after the page's figures.
const InsightsSection = lazy(() =>
  import('../features/insights/components/insights-section').then((m) => ({
    default: m.InsightsSection,
  })),
);

/** /achievements: statistics, streaks, insights, level, badges, quests and challenges. */
export function AchievementsPage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <AchievementsScreen
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
