import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { homeMessages as t } from '../../../../domain/messages/catalogue';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useTypedField } from '../../../lib/use-typed-field';
import { useBookSearch } from '../api/search-books';
import type { CatalogueList } from './list-slots';
import { SearchBar } from './search-bar';
import { SearchResults } from './search-results';

/**
 * /home (docs/architecture.md#screens): the search bar, then `children` (the current reading),
 * which search results replace until 'Retour à l'accueil'. The search is in the address (?q=,
 * and &ready=1 for the books ready to validate), so going back from a book returns to its
 * results. `list` gives the result cards the reader's statuses and list buttons.
 */
export function HomeScreen(props: { children: ReactNode; list?: CatalogueList | undefined }) {
  const { children, list } = props;
  usePageMeta({ title: t.documentTitle });
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const ready = params.get('ready') === '1';
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  // Back and forward change the address: the field follows.
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
  }
  const search = useBookSearch(query, ready);
  const address = (q: string, onlyReady: boolean) =>
    q ? { q, ...(onlyReady ? { ready: '1' } : {}) } : {};
  const field = useTypedField(text, setText);

  function submit() {
    const next = text.trim();
    if (next && next === query) void search.refetch();
    else setParams(address(next, ready));
  }

  function reset() {
    setText('');
    setParams({});
    field.ref.current?.focus();
  }

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 md:px-6 md:py-14 2xl:max-w-[100rem]">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-center text-3xl font-semibold tracking-tight md:text-5xl">{t.title}</h1>
        <div className="mt-6 md:mt-8">
          <SearchBar field={field} onSubmit={submit} searching={search.isFetching} />
        </div>
      </div>
      {query ? (
        <SearchResults
          query={query}
          ready={ready}
          onReadyChange={(onlyReady) => setParams(address(query, onlyReady))}
          onReset={reset}
          list={list}
        />
      ) : (
        children
      )}
    </div>
  );
}
