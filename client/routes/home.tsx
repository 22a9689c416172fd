import { QueryProvider } from '../app/query-provider';
import { ProtectedRoute } from '../features/auth/components/protected-route';
import { HomeScreen } from '../features/catalogue/components/home-screen';
import { CurrentReading } from '../features/reading-list/components/current-reading';

/** /home: the search bar and the reader's current reading; signed-in readers only. */
export function HomePage() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <HomeScreen>
          <CurrentReading />
        </HomeScreen>
      </QueryProvider>
    </ProtectedRoute>
  );
}
