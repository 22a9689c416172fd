import { type AdminBookSort, adminBookSorts } from '../../../../domain/admin-books.schemas';
import { adminBooksMessages as m } from '../../../../domain/messages/admin';
import { buttonClasses } from '../../../components/ui/button-styles';
import type { AdminBooksParams } from '../api/admin-books';

/**
 * The books tab's search, sort, published and origin filters (every book, the ones readers
 * added, the ones readers reported), and 'Ajouter un livre'.
 */
export function BooksFilters(props: {
  params: AdminBooksParams;
  /** A change of filter (the tab goes back to page 1). */
  onChange: (changes: Partial<AdminBooksParams>) => void;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <label htmlFor="admin-books-q" className="block text-sm font-semibold">
          {m.searchLabel}
        </label>
        <input
          id="admin-books-q"
          type="search"
          value={props.params.q}
          placeholder={m.searchPlaceholder}
          onChange={(e) => props.onChange({ q: e.target.value })}
          className="mt-1.5 block h-11 w-full rounded-xl border border-ink/25 bg-paper px-4"
        />
      </div>
      <div>
        <label htmlFor="admin-books-sort" className="block text-sm font-semibold">
          {m.sortLabel}
        </label>
        <select
          id="admin-books-sort"
          value={props.params.sort}
          onChange={(e) => props.onChange({ sort: e.target.value as AdminBookSort })}
          className="mt-1.5 block h-11 rounded-xl border border-ink/25 bg-paper px-3"
        >
          {adminBookSorts.map((sort) => (
            <option key={sort} value={sort}>
              {m.sorts[sort]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="admin-books-published" className="block text-sm font-semibold">
          {m.publishedFilter}
        </label>
        <select
          id="admin-books-published"
          value={props.params.published}
          onChange={(e) =>
            props.onChange({ published: e.target.value as AdminBooksParams['published'] })
          }
          className="mt-1.5 block h-11 rounded-xl border border-ink/25 bg-paper px-3"
        >
          <option value="all">{m.publishedAny}</option>
          <option value="yes">{m.publishedOnly}</option>
          <option value="no">{m.unpublishedOnly}</option>
        </select>
      </div>
      {/* Capped at the row's width: the longest option would push a phone's screen wide. */}
      <div className="min-w-0 max-w-full">
        <label htmlFor="admin-books-origin" className="block text-sm font-semibold">
          {m.originFilter}
        </label>
        <select
          id="admin-books-origin"
          value={props.params.origin ?? 'all'}
          onChange={(e) =>
            props.onChange({ origin: e.target.value as NonNullable<AdminBooksParams['origin']> })
          }
          className="mt-1.5 block h-11 w-full rounded-xl border border-ink/25 bg-paper px-3"
        >
          <option value="all">{m.originAll}</option>
          <option value="community">{m.originCommunity}</option>
          <option value="reported">{m.originReported}</option>
        </select>
      </div>
      <button type="button" onClick={props.onAdd} className={buttonClasses()}>
        {m.add}
      </button>
    </div>
  );
}
