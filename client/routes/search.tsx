import { SearchPageScreen } from '../features/catalogue/components/search-page-screen';

/** /search: says results are coming; not indexed. */
export function SearchPage() {
  return <SearchPageScreen />;
}
