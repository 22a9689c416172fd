import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { ImportPreview } from '../../../../domain/insights.schemas';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { importMessages as t } from '../../../../domain/messages/insights';
import { buttonClasses } from '../../../components/ui/button-styles';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useConfirmImport, usePreviewImport } from '../api/insights';

const errorsOf = (error: unknown): string[] => {
  if (!(error instanceof HttpError)) return [t.failed];
  const details = error.details as { errors?: unknown } | undefined;
  return Array.isArray(details?.errors) ? details.errors.map(String) : [error.message];
};

/**
 * /import: a Goodreads or StoryGraph CSV export, previewed (books found, books not found),
 * then imported on confirmation. A bad file shows its line-numbered errors; nothing changes.
 */
export function ImportScreen(props: {
  requestBook?: (row: { title: string; author: string }) => React.ReactNode;
}) {
  usePageMeta({ title: t.documentTitle });
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const preview = usePreviewImport();
  const confirm = useConfirmImport();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    preview.reset();
    confirm.reset();
    if (!file) return setCsv(null);
    if (file.size > 1_000_000) {
      setCsv(null);
      toast.error(t.tooLarge);
      return;
    }
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  };

  const errors = preview.isError
    ? errorsOf(preview.error)
    : confirm.isError
      ? errorsOf(confirm.error)
      : [];
  return (
    <div className="mx-auto max-w-4xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{t.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t.intro}</p>
      <div className="mt-8">
        <label htmlFor={`${id}-file`} className="block text-sm font-semibold">
          {t.fileLabel}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void pick(e)}
          className="mt-1.5 block w-full text-ink file:mr-4 file:rounded-xl file:border file:border-ink/25 file:bg-paper-deep file:px-4 file:py-2 file:text-ink"
        />
      </div>
      {preview.isPending ? (
        <p className="mt-6" role="status">
          {t.previewing}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <ul
          role="alert"
          className="mt-6 space-y-1 rounded-2xl border border-accent/40 bg-accent-soft p-4 text-ink"
        >
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {confirm.data ? (
        <p
          role="status"
          className="mt-6 rounded-2xl border border-line bg-paper-deep p-4 font-medium"
        >
          {confirm.data.message}
        </p>
      ) : null}
      {preview.data && !confirm.data ? (
        <PreviewLists preview={preview.data} requestBook={props.requestBook}>
          <button
            type="button"
            disabled={confirm.isPending || !csv}
            onClick={() => csv && confirm.mutate(csv)}
            className={buttonClasses({ size: 'md' })}
          >
            {confirm.isPending ? t.confirming : t.confirm}
          </button>
        </PreviewLists>
      ) : null}
    </div>
  );
}

function PreviewLists(props: {
  preview: ImportPreview;
  requestBook?: ((row: { title: string; author: string }) => React.ReactNode) | undefined;
  children: React.ReactNode;
}) {
  const { matched, unmatched } = props.preview;
  return (
    <div className="mt-8 space-y-8">
      <section aria-labelledby="import-trouves">
        <h2 id="import-trouves" className="text-2xl font-semibold">
          {fillPlural(matched.length, t.matchedTitle)}
        </h2>
        <ul className="mt-3 divide-y divide-line rounded-2xl border border-line">
          {matched.map((row) => (
            <li key={row.line} className="flex flex-wrap justify-between gap-2 p-3">
              <span>
                <span className="font-medium">{row.book.title}</span>
                <span className="text-ink-soft"> · {row.book.author}</span>
              </span>
              <span className="text-sm text-ink-soft">
                {row.alreadyInList ? t.alreadyInList : t.shelves[row.shelf]}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-4">{props.children}</div>
      </section>
      {unmatched.length > 0 ? (
        <section aria-labelledby="import-introuvables">
          <h2 id="import-introuvables" className="text-2xl font-semibold">
            {fillPlural(unmatched.length, t.unmatchedTitle)}
          </h2>
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line">
            {unmatched.map((row) => (
              <li key={row.line} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="text-sm text-ink-soft">
                    {fill(t.line, { line: row.line })} ·{' '}
                  </span>
                  <span className="font-medium">{row.title}</span>
                  <span className="text-ink-soft"> · {row.author}</span>
                </span>
                {props.requestBook?.(row)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
