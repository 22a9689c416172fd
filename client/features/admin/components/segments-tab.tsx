import { useState } from 'react';
import { Link } from 'react-router';
import {
  adminDashboardMessages as d,
  adminSegmentsMessages as m,
  adminQuestionsMessages as q,
} from '../../../../domain/messages/admin';
import { fill } from '../../../../domain/messages/fill';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useSegmentStatus } from '../api/admin-books';
import { Pager } from './pager';

const SHOWN_MISSING = 12;

/** Every book's segment status: incomplete, then missing, then complete. */
export function SegmentsTab() {
  const [page, setPage] = useState(1);
  const status = useSegmentStatus(page);
  if (status.isPending) return <LoadingState text={m.loading} />;
  if (status.isError) {
    return <ErrorState title={d.loadError} retryLabel={d.retry} onRetry={() => status.refetch()} />;
  }
  return (
    <div>
      <p className="text-sm text-ink-soft">{m.intro}</p>
      {status.data.items.length === 0 ? (
        <p className="py-10 text-center text-ink-soft">{m.empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{m.tableLabel}</caption>
            <thead className="border-b border-line text-ink-soft">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {m.columns.book}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.columns.status}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.columns.available}
                </th>
                <th scope="col" className="py-2">
                  {m.columns.missing}
                </th>
              </tr>
            </thead>
            <tbody>
              {status.data.items.map((row) => (
                <tr key={row.id} className="border-b border-line/60">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    <Link to={`/admin/books/${row.id}/questions`} className="underline">
                      {row.title}
                    </Link>
                    <span className="block font-normal text-ink-soft">{row.author}</span>
                  </th>
                  <td className="py-2 pr-3">{q.status[row.status]}</td>
                  <td className="py-2 pr-3">
                    {row.availableQuestions}/{row.expectedSegments}
                  </td>
                  <td className="py-2">
                    {row.missingSegments.slice(0, SHOWN_MISSING).join(', ')}
                    {row.missingSegments.length > SHOWN_MISSING
                      ? ` ${fill(m.more, { n: row.missingSegments.length - SHOWN_MISSING })}`
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={status.data.page} pages={status.data.pageCount} onPage={setPage} />
    </div>
  );
}
