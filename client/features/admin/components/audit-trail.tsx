import { useState } from 'react';
import { adminLabel } from '../../../../domain/accounts';
import { auditTrailMessages as m } from '../../../../domain/messages/admin';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { type AuditFilters, useAuditTrail } from '../api/audit-trail';
import { formatDateTime } from './format-date';
import { Pager } from './pager';

const empty: AuditFilters = { admin: '', action: '', entity: '', from: '', to: '', page: 1 };

/** /admin/journal: every administrator's write, newest first, with filters (decision 025). */
export function AuditTrailScreen() {
  const [filters, setFilters] = useState<AuditFilters>(empty);
  const trail = useAuditTrail(filters);
  const set = (key: keyof AuditFilters, value: string) =>
    setFilters((f) => ({ ...f, [key]: value, page: 1 }));
  const options = trail.data?.options;
  const select = (
    key: 'admin' | 'action' | 'entity',
    label: string,
    values: { value: string; label: string }[],
  ) => (
    <div className="min-w-0 max-w-full">
      <label htmlFor={`audit-${key}`} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={`audit-${key}`}
        value={filters[key]}
        onChange={(e) => set(key, e.target.value)}
        className="mt-1 block h-11 max-w-full rounded-xl border border-ink/25 bg-paper px-3"
      >
        <option value="">{m.anyAdmin}</option>
        {values.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section aria-labelledby="audit-trail-title">
      <h1 id="audit-trail-title" className="font-serif text-3xl font-semibold">
        {m.title}
      </h1>
      <p className="mt-2 text-ink-soft">{m.intro}</p>
      {/* min-w-0: a fieldset is at least as wide as its widest control (a long address). */}
      <fieldset className="mt-4 flex min-w-0 flex-wrap items-end gap-3">
        <legend className="sr-only">{m.filtersLabel}</legend>
        {select(
          'admin',
          m.admin,
          (options?.admins ?? []).map((a) => ({ value: a.id, label: adminLabel(a) })),
        )}
        {select(
          'action',
          m.action,
          (options?.actions ?? []).map((a) => ({ value: a, label: a })),
        )}
        {select(
          'entity',
          m.entity,
          (options?.entities ?? []).map((a) => ({ value: a, label: a })),
        )}
        {(['from', 'to'] as const).map((key) => (
          <div key={key}>
            <label htmlFor={`audit-${key}`} className="block text-sm font-semibold">
              {m[key]}
            </label>
            <input
              id={`audit-${key}`}
              type="date"
              value={filters[key]}
              onChange={(e) => set(key, e.target.value)}
              className="mt-1 block h-11 rounded-xl border border-ink/25 bg-paper px-3"
            />
          </div>
        ))}
        <button
          type="button"
          onClick={() => setFilters(empty)}
          className="h-11 text-sm font-semibold text-accent underline"
        >
          {m.reset}
        </button>
      </fieldset>
      {trail.isPending ? (
        <LoadingState text={m.loading} />
      ) : trail.isError ? (
        <ErrorState
          title={m.loadError}
          detail={trail.error.message}
          retryLabel={m.retry}
          onRetry={() => trail.refetch()}
        />
      ) : trail.data.items.length === 0 ? (
        <p className="py-10 text-center text-ink-soft">{m.empty}</p>
      ) : (
        <>
          <ol className="mt-4 space-y-3">
            {trail.data.items.map((entry) => (
              <li key={entry.id} className="rounded-2xl border border-line p-3 text-sm">
                <p>
                  <time dateTime={entry.createdAt} className="text-ink-soft">
                    {formatDateTime(entry.createdAt)}
                  </time>{' '}
                  · <strong>{entry.admin ? adminLabel(entry.admin) : m.deletedAdmin}</strong> ·{' '}
                  <code>{entry.action}</code> · {entry.entity}
                  {entry.entityId ? ` ${entry.entityId}` : ''}
                </p>
                {entry.before !== null || entry.after !== null ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-ink-soft">{m.details}</summary>
                    <div className="mt-2 grid grid-cols-1 gap-2 md:grid-cols-2">
                      {(['before', 'after'] as const).map((side) => (
                        <div key={side} className="min-w-0">
                          <p className="font-semibold">{m[side]}</p>
                          <pre className="mt-1 overflow-x-auto rounded-lg bg-paper-deep p-2 text-xs">
                            {JSON.stringify(entry[side], null, 2)}
                          </pre>
                        </div>
                      ))}
                    </div>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
          <Pager
            page={trail.data.page}
            pages={trail.data.pageCount}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </section>
  );
}
