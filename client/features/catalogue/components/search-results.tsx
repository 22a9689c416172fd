import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { bookPath, bookTitle, SEARCH_REDIRECT_MS } from '../../../../domain/book-display';
import { catalogueMessages, homeMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { readerBooksMessages } from '../../../../domain/messages/reader-books';
import { appPaths } from '../../../../domain/screen-paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { useBookSearch } from '../api/search-books';
import { BookGrid } from './book-grid';
import type { CatalogueList } from './list-slots';
import { ReadyFilter } from './ready-filter';

/**
 * What the home shows instead of its content while a search is on (docs/architecture.md#screens):
 * the results, 'Aucun livre trouvé', or a failure; one result opens its book. 'Prêts à
 * valider' (`ready`) keeps the books ready to validate. `list` gives the cards the reader's
 * statuses and list buttons.
 */
export function SearchResults(props: {
  query: string;
  ready?: boolean;
  onReadyChange?: (ready: boolean) => void;
  onReset: () => void;
  list?: CatalogueList | undefined;
}) {
  const { query, ready = false, onReadyChange, onReset, list } = props;
  const search = useBookSearch(query, ready);
  const navigate = useNavigate();
  const books = search.data;
  const single = books?.length === 1 ? books[0] : undefined;

  useEffect(() => {
    if (search.errorUpdatedAt) toast.error(catalogueMessages.searchFailed);
  }, [search.errorUpdatedAt]);

  useEffect(() => {
    if (books?.length === 0) toast.info(catalogueMessages.searchNoMatch);
  }, [books]);

  // One result: open it after 300 ms, in place of the search in the history.
  useEffect(() => {
    if (!single) return;
    const timer = setTimeout(
      () => navigate(bookPath(single.slug), { replace: true }),
      SEARCH_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [single, navigate]);

  const backHome = (
    <button type="button" onClick={onReset} className={buttonClasses({ variant: 'secondary' })}>
      {t.backHome}
    </button>
  );

  return (
    <section aria-labelledby="resultats" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="resultats" className="text-2xl font-semibold md:text-3xl">
          {fill(t.resultsTitle, { query })}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {onReadyChange ? <ReadyFilter checked={ready} onChange={onReadyChange} /> : null}
          {books && books.length > 0 ? backHome : null}
        </div>
      </div>
      <div role="status" className="mt-2 text-ink-soft">
        {search.isFetching ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="text-accent" />
            {t.searching}
          </span>
        ) : single ? (
          fill(t.opening, { title: bookTitle(single.title) })
        ) : books && books.length > 0 ? (
          books.length === 1 ? (
            t.resultsCountOne
          ) : (
            fill(t.resultsCountMany, { count: books.length })
          )
        ) : null}
      </div>

      {search.isError && !search.isFetching ? (
        <div className="mt-8 rounded-3xl border border-line bg-paper-deep/60 px-6 py-10 text-center">
          <p className="font-serif text-xl font-semibold">{catalogueMessages.searchFailed}</p>
          <div className="mt-6">{backHome}</div>
        </div>
      ) : books?.length === 0 && !search.isFetching ? (
        <div className="mt-8 rounded-3xl border border-dashed border-ink/25 px-6 py-12 text-center">
          <p className="font-serif text-2xl font-semibold">{t.noResultTitle}</p>
          <p className="mt-2 text-ink-soft">{t.noResultText}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/explore">{t.exploreBooks}</ButtonLink>
            {/* The catalogue lacks it: a reader may add it (the page asks a visitor to sign in). */}
            <ButtonLink
              to={`${appPaths.addBook}?${new URLSearchParams({ q: query })}`}
              variant="secondary"
            >
              {readerBooksMessages.addCta}
            </ButtonLink>
            {backHome}
          </div>
        </div>
      ) : books && books.length > 0 ? (
        <div className="mt-8">
          <BookGrid
            key={query}
            books={books}
            statuses={list?.statuses}
            listButton={list?.ready && !single ? list.CardButton : undefined}
            paged
          />
        </div>
      ) : null}
    </section>
  );
}
