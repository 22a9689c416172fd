import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminBook } from '../../../../domain/admin-books.schemas';
import {
  adminDashboardMessages as d,
  adminBooksMessages as m,
} from '../../../../domain/messages/admin';
import { fillPlural } from '../../../../domain/messages/fill';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { type AdminBooksParams, useAdminBooks, useAdminBookWrites } from '../api/admin-books';
import { BookFormDialog } from './book-form-dialog';
import { BooksFilters } from './books-filters';
import { BooksTable } from './books-table';
import { DeleteBookDialog } from './delete-book-dialog';
import { Pager } from './pager';

/** The books tab: the whole catalogue (search, sort, published filter, paging) and its actions. */
export function BooksTab() {
  const [params, setParams] = useState<AdminBooksParams>({
    q: '',
    sort: 'created',
    published: 'all',
    origin: 'all',
    page: 1,
  });
  const writes = useAdminBookWrites();
  const confirm = (book: AdminBook) =>
    writes.confirm.mutate(book.id, {
      onSuccess: () => toast.success(m.confirmed),
      onError: () => toast.error(m.confirmError),
    });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminBook | null>(null);
  const [deleting, setDeleting] = useState<AdminBook | null>(null);
  const books = useAdminBooks(params);
  const set = (changes: Partial<AdminBooksParams>) =>
    setParams((p) => ({ ...p, page: 1, ...changes }));

  return (
    <div>
      <BooksFilters params={params} onChange={set} onAdd={() => setAdding(true)} />

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
            <BooksTable
              books={books.data.items}
              onEdit={setEditing}
              onDelete={setDeleting}
              onConfirm={confirm}
            />
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
