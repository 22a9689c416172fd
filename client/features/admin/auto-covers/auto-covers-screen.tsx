import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Sparkles } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { COVER_GROUP_FILTERS, type CoverGroupFilter } from '../../../../domain/covers';
import type { AutoCoverList, CoverBatchView } from '../../../../domain/covers.schemas';
import { autoCoverMessages as m } from '../../../../domain/messages/covers';
import { fill } from '../../../../domain/messages/fill';
import { BookCover } from '../../../components/ui/book-cover';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import {
  type AutoCoverParams,
  autoCoverKeys,
  useAutoCoverList,
  useLatestBatch,
  useStartBatch,
} from './auto-covers-api';
import { useBatchLive } from './use-batch-live';

const field =
  'h-11 rounded-lg border border-ink/25 bg-paper px-3 text-base focus-visible:outline-2 focus-visible:outline-accent';

/**
 * /admin/auto-covers (docs/architecture.md#back-office): the group filter, the limit (1 to 2000,
 * 500 when empty), 'Rafraîchir' and 'Générer'; the batch's live progress, its end ('Batch terminé',
 * 'X OK, Y erreurs') and first 10 failures; the first 10 books to draw, each with an upload.
 */
/** A previewed book, and what the page may add under it (the route adds a cover upload). */
type PreviewBook = AutoCoverList['preview'][number];
type Props = { renderBookActions?: (book: PreviewBook) => ReactNode };

export function AutoCoversScreen({ renderBookActions }: Props) {
  const [form, setForm] = useState<AutoCoverParams>({ group: 'all', limit: '' });
  const [applied, setApplied] = useState<AutoCoverParams>(form);
  const list = useAutoCoverList(applied);
  const latest = useLatestBatch();
  const start = useStartBatch();
  const [startError, setStartError] = useState<string>();
  useBatchLive();
  useReloadWhenDone(latest.data?.batch ?? null);
  const groupId = useId();
  const limitId = useId();
  const batch = latest.data?.batch ?? null;
  const running = batch?.status === 'running';

  function refresh(event?: FormEvent) {
    event?.preventDefault();
    setStartError(undefined);
    if (form.group === applied.group && form.limit === applied.limit) void list.refetch();
    else setApplied(form);
  }

  async function generate() {
    setStartError(undefined);
    setApplied(form);
    try {
      await start.mutateAsync(form);
    } catch (failure) {
      setStartError(failure instanceof HttpError ? failure.message : m.startFailed);
    }
  }

  return (
    <section aria-labelledby="auto-covers-title" className="flex flex-col gap-6">
      <header>
        <h1 id="auto-covers-title" className="font-serif text-3xl font-semibold">
          {m.title}
        </h1>
        <p className="mt-2 text-ink-soft">{m.intro}</p>
      </header>

      <form onSubmit={refresh} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={groupId} className="text-sm font-medium">
            {m.groupLabel}
          </label>
          <select
            id={groupId}
            value={form.group}
            onChange={(e) => setForm({ ...form, group: e.target.value as CoverGroupFilter })}
            className={field}
          >
            {COVER_GROUP_FILTERS.map((group) => (
              <option key={group} value={group}>
                {m.groups[group]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={limitId} className="text-sm font-medium">
            {m.limitLabel}
          </label>
          <input
            id={limitId}
            inputMode="numeric"
            placeholder="500"
            value={form.limit}
            aria-describedby={`${limitId}-hint`}
            onChange={(e) => setForm({ ...form, limit: e.target.value })}
            className={`${field} w-28`}
          />
        </div>
        <button type="submit" className={buttonClasses({ variant: 'secondary', size: 'md' })}>
          <RefreshCw size={16} aria-hidden="true" />
          {m.refresh}
        </button>
        <button
          type="button"
          disabled={running || start.isPending}
          onClick={() => void generate()}
          className={buttonClasses({ size: 'md' })}
        >
          {start.isPending ? <Spinner size={16} /> : <Sparkles size={16} aria-hidden="true" />}
          {start.isPending ? m.generating : m.generate}
        </button>
        <p id={`${limitId}-hint`} className="basis-full text-sm text-ink-soft">
          {m.limitHint}
        </p>
      </form>

      {startError ? (
        <p role="alert" className="font-medium text-accent">
          {startError}
        </p>
      ) : null}
      {batch ? <BatchPanel batch={batch} /> : null}
      <BookList list={list} renderBookActions={renderBookActions} />
    </section>
  );
}

/** When the batch shown ends (by the live event or by polling), the lists are reloaded. */
function useReloadWhenDone(batch: CoverBatchView | null) {
  const queryClient = useQueryClient();
  const wasRunning = useRef(false);
  useEffect(() => {
    if (batch?.status === 'running') wasRunning.current = true;
    else if (batch?.status === 'done' && wasRunning.current) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: autoCoverKeys.lists });
    }
  }, [batch?.status, queryClient]);
}

function BatchPanel({ batch }: { batch: CoverBatchView }) {
  const percent = batch.total > 0 ? (batch.processed / batch.total) * 100 : 100;
  const done = batch.status === 'done';
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-paper-deep/60 p-4">
      <div className="flex items-baseline justify-between gap-3" aria-live="polite">
        <p className="font-semibold">{done ? m.batchDone : m.running}</p>
        <p className="text-sm text-ink-soft tabular-nums">
          {fill(m.progress, { processed: batch.processed, total: batch.total })}
        </p>
      </div>
      <ProgressBar percent={percent} label={m.progressLabel} size="md" />
      {done ? (
        <p role="status">{fill(m.batchSummary, { ok: batch.succeeded, errors: batch.failed })}</p>
      ) : null}
      {batch.failures.length > 0 ? (
        <div>
          <h2 className="font-semibold">{m.failuresTitle}</h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {batch.failures.map((f) => (
              <li key={f.bookId}>
                <span className="font-medium">{f.title}</span>
                {'\u00a0: '}
                {f.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function BookList({
  list,
  renderBookActions,
}: {
  list: ReturnType<typeof useAutoCoverList>;
} & Props) {
  if (list.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-ink-soft">
        <Spinner /> {m.loading}
      </p>
    );
  }
  if (list.isError) {
    return (
      <div role="alert">
        <p className="font-semibold">{m.loadError}</p>
        <p className="text-ink-soft">{list.error.message}</p>
      </div>
    );
  }
  const { count, preview } = list.data;
  if (count === 0) return <p className="text-lg font-medium">{m.nothingToDo}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium">{count === 1 ? m.toProcessOne : fill(m.toProcess, { count })}</p>
      <h2 className="font-semibold">{m.preview}</h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {preview.map((book) => (
          <li key={book.id} className="flex flex-col gap-2">
            <BookCover book={book} className="w-full" />
            <div className="text-sm">
              <p className="font-semibold leading-snug">{book.title}</p>
              <p className="text-ink-soft">{book.author}</p>
              <p className="text-xs text-ink-soft">{m.groups[book.group]}</p>
            </div>
            {renderBookActions?.(book)}
          </li>
        ))}
      </ul>
    </div>
  );
}
