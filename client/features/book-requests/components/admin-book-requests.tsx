import { useState } from 'react';
import { toast } from 'sonner';
import {
  BOOK_REQUEST_STATUS_LABELS,
  BOOK_REQUEST_STATUSES,
  type BookRequestStatus,
} from '../../../../domain/book-requests';
import { bookRequestMessages as m } from '../../../../domain/messages/book-requests';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useAdminBookRequests, useSetBookRequestStatus } from '../api/book-requests';
import { StatusBadge } from './status-badge';

const day = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** /admin/book-requests: the requests, a status filter, a selector per row. */
export function AdminBookRequests() {
  const [filter, setFilter] = useState<BookRequestStatus | 'all'>('all');
  const list = useAdminBookRequests(filter);
  const setStatus = useSetBookRequestStatus();

  const change = (id: string, status: BookRequestStatus) =>
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () => toast.success(m.statusUpdated),
        onError: () => toast.error(m.statusUpdateFailed),
      },
    );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-serif text-2xl font-semibold md:text-3xl">{m.adminTitle}</h1>
        <label className="text-sm font-semibold">
          {m.filterLabel}
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as BookRequestStatus | 'all')}
            className="ml-2 h-10 rounded-xl border border-ink/25 bg-paper px-3 text-base font-normal"
          >
            <option value="all">{m.filterAll}</option>
            {BOOK_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {BOOK_REQUEST_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <LoadingState text="Chargement..." />
      ) : list.isError ? (
        <ErrorState title={m.loadFailed} retryLabel={m.retry} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="mt-8 text-ink-soft">{m.adminEmpty}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-line text-ink-soft">
              <tr>
                <th className="py-2 pr-3">{m.columnDate}</th>
                <th className="py-2 pr-3">{m.columnReader}</th>
                <th className="py-2 pr-3">{m.columnTitle}</th>
                <th className="py-2 pr-3">{m.columnAuthor}</th>
                <th className="py-2 pr-3">{m.columnNotes}</th>
                <th className="py-2">{m.columnStatus}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {list.data.items.map((r) => (
                <tr key={r.id} className="align-top">
                  <td className="py-3 pr-3 whitespace-nowrap">
                    {day.format(new Date(r.createdAt))}
                  </td>
                  <td className="py-3 pr-3">
                    <span className="block font-medium">{r.reader.username ?? r.reader.email}</span>
                    {r.reader.username ? (
                      <span className="block text-ink-soft">{r.reader.email}</span>
                    ) : null}
                  </td>
                  <td className="py-3 pr-3 font-medium">
                    {r.title}
                    {r.isbn ? <span className="block text-ink-soft">ISBN {r.isbn}</span> : null}
                  </td>
                  <td className="py-3 pr-3">{r.author ?? '—'}</td>
                  <td className="py-3 pr-3 max-w-xs">{r.reason ?? '—'}</td>
                  <td className="py-3">
                    <div className="flex flex-col items-start gap-2">
                      <StatusBadge status={r.status} />
                      <select
                        aria-label={m.statusOf.replace('{title}', r.title)}
                        value={r.status}
                        disabled={setStatus.isPending}
                        onChange={(e) => change(r.id, e.target.value as BookRequestStatus)}
                        className="h-9 rounded-lg border border-ink/25 bg-paper px-2"
                      >
                        {BOOK_REQUEST_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {BOOK_REQUEST_STATUS_LABELS[s]}
                          </option>
                        ))}
                      </select>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
