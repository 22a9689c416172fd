import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EXPLORE_PAGE_SIZE } from '../../../../domain/catalogue';
import { exploreMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { readerBooksMessages } from '../../../../domain/messages/reader-books';
import { appPaths } from '../../../../domain/screen-paths';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useTypedField } from '../../../lib/use-typed-field';
import { type ExploreSort, useExploreBooks } from '../api/explore-books';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { effectiveQuery, exploreSearch, useExploreParams } from '../hooks/use-explore-params';
import { BookGrid } from './book-grid';
import { CategoryTabs } from './category-tabs';
import type { CatalogueList } from './list-slots';
import { Pager } from './pager';
import { ReadyFilter } from './ready-filter';

/** The explore search waits for a pause in typing before asking the server. */
export const EXPLORE_DEBOUNCE_MS = 300;

/**
 * /explore (docs/architecture.md#screens): category tabs, a search applied from 2 characters,
 * 'Prêts à valider', 24 books a page with Précédent / Suivant, books ready to validate first
 * by default. Everything is in the address (cat, q, page, sort, ready). `list` gives the
 * cards the reader's statuses and list buttons.
 */
export function ExploreScreen({ list }: { list?: CatalogueList | undefined }) {
  usePageMeta({ title: t.documentTitle });
  const { state, update } = useExploreParams();
  const books = useExploreBooks(state);
  const searchId = useId();
  const sortId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);

  // The field follows the address (back, forward, tabs) and the address follows the field.
  const [text, setText] = useState(state.q);
  const [shownQuery, setShownQuery] = useState(state.q);
  if (state.q !== shownQuery) {
    setShownQuery(state.q);
    if (effectiveQuery(text) !== state.q) setText(state.q);
  }
  const searchField = useTypedField(text, setText);
  const debounced = useDebouncedValue(text, EXPLORE_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles
  useEffect(() => {
    const q = effectiveQuery(debounced);
    if (q !== state.q) update({ q, page: 1 }, { replace: true });
  }, [debounced]);

  const data = books.data;
  const total = data?.total ?? 0;
  const hasNext = state.page * EXPLORE_PAGE_SIZE < total;

  function goToPage(page: number) {
    update({ page });
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  }

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 md:px-6 md:py-14 2xl:max-w-[100rem]">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{t.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t.lead}</p>

      <div className="mt-8 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <CategoryTabs
          current={state.cat}
          hrefOf={(cat) => `?${exploreSearch({ ...state, cat, page: 1 })}`}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end lg:flex-nowrap">
          <div className="min-w-0 sm:w-72">
            <label htmlFor={searchId} className="sr-only">
              {t.searchLabel}
            </label>
            <div className="relative">
              <Search
                size={18}
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-soft"
              />
              <input
                id={searchId}
                type="search"
                {...searchField}
                placeholder={t.searchPlaceholder}
                aria-describedby={`${searchId}-hint`}
                autoComplete="off"
                className="block h-11 w-full rounded-full border border-ink/25 bg-paper pr-4 pl-10 text-base placeholder:text-ink-soft/80 focus-visible:border-accent"
              />
            </div>
            <p id={`${searchId}-hint`} className="sr-only">
              {t.searchHint}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="shrink-0 text-sm font-semibold">
              {t.sortLabel}
            </label>
            <select
              id={sortId}
              value={state.sort}
              onChange={(event) => update({ sort: event.target.value as ExploreSort, page: 1 })}
              className="h-11 min-w-0 flex-1 rounded-full border border-ink/25 bg-paper px-4 text-sm"
            >
              {(Object.keys(t.sorts) as ExploreSort[]).map((sort) => (
                <option key={sort} value={sort}>
                  {t.sorts[sort]}
                </option>
              ))}
            </select>
          </div>
          <ReadyFilter checked={state.ready} onChange={(ready) => update({ ready, page: 1 })} />
        </div>
      </div>

      <div ref={resultsRef} className="mt-8 scroll-mt-24">
        <p role="status" className="mb-5 text-sm text-ink-soft">
          {data && total > 0
            ? total === 1
              ? t.countOne
              : fill(t.countMany, { count: total })
            : null}
        </p>
        {books.isError && !data ? (
          <p role="alert" className="rounded-2xl border border-line bg-paper-deep/60 p-6">
            {books.error instanceof HttpError ? books.error.message : t.unknownError}
          </p>
        ) : !data ? (
          <GridSkeleton />
        ) : data.items.length === 0 ? (
          <p className="rounded-3xl border border-dashed border-ink/25 px-6 py-14 text-center font-serif text-xl">
            {state.ready ? t.emptyReady : t.empty}
          </p>
        ) : (
          <div
            aria-busy={books.isPlaceholderData || undefined}
            className={books.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          >
            <BookGrid
              books={data.items}
              statuses={list?.statuses}
              listButton={list?.ready ? list.CardButton : undefined}
              headingLevel={2}
              eagerCount={6}
            />
          </div>
        )}
        {data && (total > 0 || state.page > 1) ? (
          <Pager
            page={state.page}
            hasPrevious={state.page > 1}
            hasNext={hasNext}
            onPage={goToPage}
          />
        ) : null}
        {/* Visible to all: the page asks a visitor to sign in. */}
        <p className="mt-8 text-center text-sm">
          <Link
            to={appPaths.addBook}
            className="font-semibold text-accent underline underline-offset-4 hover:text-accent-strong"
          >
            {readerBooksMessages.addLink}
          </Link>
        </p>
      </div>
    </div>
  );
}

const skeletonKeys = Array.from({ length: 12 }, (_, n) => `livre-${n}`);

function GridSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6"
    >
      {skeletonKeys.map((key) => (
        <div key={key}>
          <div className="aspect-[2/3] animate-pulse rounded-md bg-paper-deep" />
          <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-paper-deep" />
          <div className="mt-2 h-3 w-1/2 animate-pulse rounded bg-paper-deep" />
        </div>
      ))}
    </div>
  );
}
