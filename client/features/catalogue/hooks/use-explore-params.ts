import { useSearchParams } from 'react-router';
import { EXPLORE_MIN_QUERY } from '../../../../domain/book-display';
import { type Category, categories } from '../../../../domain/catalogue';
import type { ExploreParams, ExploreSort } from '../api/explore-books';

const sorts: readonly ExploreSort[] = ['date', 'author', 'pages'];

/**
 * The search text the catalogue applies: trimmed, and only from 2 characters
 * (docs/architecture.md#search).
 */
export function effectiveQuery(text: string): string {
  const trimmed = text.trim();
  return Array.from(trimmed).length >= EXPLORE_MIN_QUERY ? trimmed : '';
}

/** Explore state read from the address; anything unknown falls back to its default. */
export function readExploreParams(params: URLSearchParams): ExploreParams {
  const cat = params.get('cat');
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  return {
    cat: categories.includes(cat as Category) ? (cat as Category) : 'litterature',
    q: effectiveQuery(params.get('q') ?? ''),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    sort: sorts.includes(sort as ExploreSort) ? (sort as ExploreSort) : 'date',
    ready: params.get('ready') === '1',
  };
}

/**
 * The address of an explore state: defaults are left out (/explore?cat=religion&page=2;
 * `ready=1` for the books ready to validate).
 */
export function exploreSearch(state: ExploreParams): URLSearchParams {
  const search = new URLSearchParams({ cat: state.cat });
  if (state.q) search.set('q', state.q);
  if (state.sort !== 'date') search.set('sort', state.sort);
  if (state.ready) search.set('ready', '1');
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** The explore state (cat, q, page, sort, ready) kept in the address. */
export function useExploreParams() {
  const [params, setParams] = useSearchParams();
  const state = readExploreParams(params);
  const update = (change: Partial<ExploreParams>, options: { replace?: boolean } = {}) =>
    setParams(exploreSearch({ ...state, ...change }), options);
  return { state, update };
}
