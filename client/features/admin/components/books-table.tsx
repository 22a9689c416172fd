import { Link } from 'react-router';
import type { AdminBook } from '../../../../domain/admin-books.schemas';
import { adminBooksMessages as m } from '../../../../domain/messages/admin';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';

/**
 * One page of the catalogue: a row per book with its questions, edit and delete actions; a book
 * readers added, or reported, says so under its title (with the count of reports).
 */
export function BooksTable(props: {
  books: AdminBook[];
  onEdit: (book: AdminBook) => void;
  onDelete: (book: AdminBook) => void;
  /** Confirms a book a reader added (shown on those books only). */
  onConfirm: (book: AdminBook) => void;
}) {
  return (
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
          {props.books.map((book) => (
            <tr key={book.id} className="border-b border-line/60">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {book.title}
                {book.communityAdded ? (
                  <span className="mt-1 block w-fit rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-ink">
                    {m.communityBadge}
                  </span>
                ) : null}
                {book.reports > 0 ? (
                  <span className="mt-1 block w-fit rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong">
                    {fillPlural(book.reports, m.reportsCount)}
                  </span>
                ) : null}
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
                  {book.communityAdded ? (
                    <button
                      type="button"
                      aria-label={`${m.confirm} — ${book.title}`}
                      onClick={() => props.onConfirm(book)}
                      className={buttonClasses({ size: 'xs' })}
                    >
                      {m.confirm}
                    </button>
                  ) : null}
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
                    onClick={() => props.onEdit(book)}
                    className={buttonClasses({ variant: 'secondary', size: 'xs' })}
                  >
                    {m.edit}
                  </button>
                  <button
                    type="button"
                    aria-label={`${m.delete} — ${book.title}`}
                    onClick={() => props.onDelete(book)}
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
  );
}
