import { QueryProvider } from '../app/query-provider';
import { WarmCache } from '../app/warm-cache';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { HomeScreen } from '../features/catalogue/components/home-screen';
import { GoalSummary } from '../features/insights/components/goal-summary';
import { useListStatuses } from '../features/reading-list/api/get-reading-list';
import { CurrentReading } from '../features/reading-list/components/current-reading';
import { CardListButton } from '../features/reading-list/components/list-buttons';

/** /home: the search bar and the reader's current reading; signed-in readers only. */
export function HomePage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <HomeWithList />
      </QueryProvider>
    </ProtectedRoute>
  );
}

// The reader's list lives in its own feature: the page hands it to the search results' cards.
function HomeWithList() {
  const { statuses, ready } = useListStatuses();
  return (
    <HomeScreen list={{ statuses, ready, CardButton: CardListButton }}>
      <CurrentReading />
      <GoalSummary />
      <WarmCache />
    </HomeScreen>
  );
}
