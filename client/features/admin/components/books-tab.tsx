import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminBook,
  type AdminBookSort,
  adminBookSorts,
} from '../../../../domain/admin-books.schemas';
import {
  adminDashboardMessages as d,
  adminBooksMessages as m,
} from '../../../../domain/messages/admin';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { type AdminBooksParams, useAdminBooks } from '../api/admin-books';
import { BookFormDialog } from './book-form-dialog';
import { DeleteBookDialog } from './delete-book-dialog';
import { Pager } from './pager';

/** The books tab: the whole catalogue (search, sort, published filter, paging) and its actions. */
export function BooksTab() {
  const [params, setParams] = useState<AdminBooksParams>({
    q: '',
    sort: 'created',
    published: 'all',
    page: 1,
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminBook | null>(null);
  const [deleting, setDeleting] = useState<AdminBook | null>(null);
  const books = useAdminBooks(params);
  const set = (changes: Partial<AdminBooksParams>) =>
    setParams((p) => ({ ...p, page: 1, ...changes }));

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor="admin-books-q" className="block text-sm font-semibold">
            {m.searchLabel}
          </label>
          <input
            id="admin-books-q"
            type="search"
            value={params.q}
            placeholder={m.searchPlaceholder}
            onChange={(e) => set({ q: e.target.value })}
            className="mt-1.5 block h-11 w-full rounded-xl border border-ink/25 bg-paper px-4"
          />
        </div>
        <div>
          <label htmlFor="admin-books-sort" className="block text-sm font-semibold">
            {m.sortLabel}
          </label>
          <select
            id="admin-books-sort"
            value={params.sort}
            onChange={(e) => set({ sort: e.target.value as AdminBookSort })}
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
            value={params.published}
            onChange={(e) => set({ published: e.target.value as AdminBooksParams['published'] })}
            className="mt-1.5 block h-11 rounded-xl border border-ink/25 bg-paper px-3"
          >
            <option value="all">{m.publishedAny}</option>
            <option value="yes">{m.publishedOnly}</option>
            <option value="no">{m.unpublishedOnly}</option>
          </select>
        </div>
        <button type="button" onClick={() => setAdding(true)} className={buttonClasses()}>
          {m.add}
        </button>
      </div>

      {books.isPending ? (
        <LoadingState text={m.loading} />
      ) : books.isError ? (
        <ErrorState title={d.loadError} retryLabel={d.retry} onRetry={() => books.refetch()} />
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-soft" aria-live="polite">
            {fillPlural(books.data.total, m.count)}
          </p>
          {books.data.items.length === 0 ? (
            <p className="py-10 text-center text-ink-soft">{m.empty}</p>
          ) : (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">{m.tableLabel}</caption>
                <thead className="border-b border-line text-ink-soft">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      {m.columns.title}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {m.columns.author}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {m.columns.pages}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {m.columns.published}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {m.columns.questions}
                    </th>
                    <th scope="col" className="py-2">
                      {m.columns.actions}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {books.data.items.map((book) => (
                    <tr key={book.id} className="border-b border-line/60">
                      <th scope="row" className="py-2 pr-3 font-semibold">
                        {book.title}
                      </th>
                      <td className="py-2 pr-3">{book.author}</td>
                      <td className="py-2 pr-3">{book.totalPages}</td>
                      <td className="py-2 pr-3">{book.isPublished ? m.yes : m.no}</td>
                      <td className="py-2 pr-3">
                        {fill(m.coverage, {
                          ready: book.questionsAvailable,
                          expected: book.expectedSegments,
                        })}
                      </td>
                      <td className="py-2">
                        <div className="flex flex-wrap gap-2">
                          <Link
                            to={`/admin/books/${book.id}/questions`}
                            aria-label={`${m.questions} — ${book.title}`}
                            className={buttonClasses({ variant: 'secondary', size: 'xs' })}
                          >
                            {m.questions}
                          </Link>
                          <button
                            type="button"
                            aria-label={`${m.edit} — ${book.title}`}
                            onClick={() => setEditing(book)}
                            className={buttonClasses({ variant: 'secondary', size: 'xs' })}
                          >
                            {m.edit}
                          </button>
                          <button
                            type="button"
                            aria-label={`${m.delete} — ${book.title}`}
                            onClick={() => setDeleting(book)}
                            className={buttonClasses({ variant: 'ghost', size: 'xs' })}
                          >
                            {m.delete}
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={books.data.page}
            pages={books.data.pageCount}
            onPage={(page) => setParams((p) => ({ ...p, page }))}
          />
        </>
      )}

      {adding ? <BookFormDialog book={null} open onOpenChange={setAdding} /> : null}
      {editing ? (
        <BookFormDialog
          key={editing.id}
          book={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteBookDialog
          book={deleting}
          open
          onOpenChange={(open) => !open && setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
