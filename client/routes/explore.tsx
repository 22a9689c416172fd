import { QueryProvider } from '../app/query-provider';
import { ExploreScreen } from '../features/catalogue/components/explore-screen';

/** /explore: the catalogue by category, open to visitors too. */
export function ExplorePage() {
  return (
    <QueryProvider>
      <ExploreScreen />
    </QueryProvider>
  );
}
