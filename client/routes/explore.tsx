import { QueryProvider } from '../app/query-provider';
import { ExploreScreen } from '../features/catalogue/components/explore-screen';
import { useListStatuses } from '../features/reading-list/api/get-reading-list';
import { CardListButton } from '../features/reading-list/components/list-buttons';

/** /explore: the catalogue by category, open to visitors too. */
export function ExplorePage() {
  return (
    <QueryProvider>
      <ExploreWithList />
    </QueryProvider>
  );
}

// The reader's list lives in its own feature: the page hands it to the catalogue's cards.
function ExploreWithList() {
  const { statuses, ready } = useListStatuses();
  return <ExploreScreen list={{ statuses, ready, CardButton: CardListButton }} />;
}
