import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { fill } from '../../../../domain/messages/fill';
import {
  bookReportReasons,
  readerBooksMessages as m,
} from '../../../../domain/messages/reader-books';
import {
  type BookReportInput,
  bookReportReasonCodes,
  bookReportSchema,
} from '../../../../domain/reader-books.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { ReasonChoices } from '../../../components/ui/reason-choices';
import { Spinner } from '../../../components/ui/spinner';
import { firstErrorByField, serverErrorsByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useReportBook } from '../api/reader-books';

// Radix Dialog: this module is loaded on demand (the book page's « Signaler ce livre »).

/** The longest detail the server takes (bookReportSchema). */
const DETAIL_MAX = 300;

type Reason = BookReportInput['reason'];

export type ReportBookDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  book: { id: string; title: string };
  /** Where focus goes once it is closed. */
  onClosed: () => void;
};

/**
 * « Signaler ce livre » (decision 048): what is wrong (four reasons, one required), an optional
 * detail of 300 characters with its counter, checked here as the server checks them; then the
 * thanks, or the server's word when it will not take the report (already reported, book gone).
 * A failure worth retrying (network, server) is said above the form, which stays. It cannot be
 * closed while the report is on its way.
 */
export function ReportBookDialog(props: ReportBookDialogProps) {
  const { book } = props;
  const id = useId();
  const report = useReportBook();
  const [reason, setReason] = useState<Reason | null>(null);
  const [detail, setDetail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const detailField = useRef<HTMLTextAreaElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const busy = report.isPending;
  const length = detail.trim().length;
  const tooLong = length > DETAIL_MAX;

  useEffect(() => {
    if (said) closeRef.current?.focus();
  }, [said]);
  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    if (found.reason) firstReason.current?.focus();
    else if (found.detail) detailField.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = bookReportSchema.safeParse({ reason: reason ?? undefined, detail });
    if (!parsed.success) {
      showErrors(firstErrorByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await report.mutateAsync({
        bookId: book.id,
        input: {
          reason: parsed.data.reason,
          ...(parsed.data.detail ? { detail: parsed.data.detail } : {}),
        },
      });
      setSaid(m.reported);
    } catch (failure) {
      if (!(failure instanceof HttpError) || failure.status >= 500 || failure.status === 429) {
        setFormError(failure instanceof HttpError ? failure.message : m.reportError);
        return;
      }
      const onFields = failure.status === 400 ? serverErrorsByField(failure.details) : {};
      if (Object.keys(onFields).length > 0) showErrors(onFields);
      else if (failure.status === 400) setFormError(failure.message);
      // Already reported, the book gone: the server's French word ends it.
      else setSaid(failure.message);
    }
  };

  const reasonError = errors.reason;
  const detailError = errors.detail ?? (tooLong ? m.reportDetailTooLong : undefined);
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => busy || props.onOpenChange(next)}
      placement="lg"
      testId="report-book-dialog"
      closeLabel={m.reportClose}
      title={m.reportTitle}
      description={fill(m.reportLead, { title: book.title })}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        props.onClosed();
      }}
    >
      {/* Present from the start, so that the thanks are read when they arrive. */}
      <p role="status" aria-live="polite" className={said ? 'mt-4 text-lg' : 'sr-only'}>
        {said ?? ''}
      </p>
      {said ? (
        <div className="mt-6 flex justify-end">
          <button
            ref={closeRef}
            type="button"
            onClick={() => props.onOpenChange(false)}
            className={buttonClasses({ className: 'w-full sm:w-auto' })}
          >
            {m.reportClose}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label={m.reportTitle} className="mt-5">
          {formError ? (
            <p
              ref={formErrorRef}
              role="alert"
              tabIndex={-1}
              className="mb-4 rounded-2xl border border-accent/40 bg-accent-soft px-4 py-3 font-medium text-accent-strong"
            >
              {formError}
            </p>
          ) : null}
          <fieldset aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
            <legend className="text-sm font-semibold">{m.reportReasonLabel}</legend>
            <ReasonChoices
              name={`${id}-reason`}
              codes={bookReportReasonCodes}
              labels={bookReportReasons}
              value={reason}
              firstRef={firstReason}
              hover="hover:bg-paper-deep"
              onChange={(code) => {
                setReason(code);
                setErrors(({ reason: _, ...rest }) => rest);
              }}
            />
            {reasonError ? (
              <p
                id={`${id}-reason-error`}
                role="alert"
                className="mt-1.5 text-sm font-medium text-accent"
              >
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <div className="mt-5">
            <label htmlFor={`${id}-detail`} className="block text-sm font-semibold">
              {m.reportDetail}
            </label>
            <textarea
              ref={detailField}
              id={`${id}-detail`}
              value={detail}
              onChange={(event) => {
                setDetail(event.target.value);
                setErrors(({ detail: _, ...rest }) => rest);
              }}
              rows={3}
              aria-invalid={detailError ? true : undefined}
              aria-describedby={`${id}-counter${detailError ? ` ${id}-detail-error` : ''}`}
              className={`mt-1.5 block w-full resize-y rounded-xl border bg-paper px-4 py-3 text-base text-ink focus-visible:border-accent ${detailError ? 'border-accent' : 'border-ink/25'}`}
            />
            <p
              id={`${id}-counter`}
              className={`mt-1.5 text-right text-sm ${tooLong ? 'font-semibold text-accent-strong' : 'text-ink-soft'}`}
            >
              {fill(m.reportDetailCounter, { count: length, max: DETAIL_MAX })}
            </p>
            {detailError ? (
              <p id={`${id}-detail-error`} className="mt-1 text-sm font-medium text-accent">
                {detailError}
              </p>
            ) : null}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => busy || props.onOpenChange(false)}
              aria-disabled={busy || undefined}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {m.reportCancel}
            </button>
            <button
              type="submit"
              aria-busy={busy || undefined}
              aria-disabled={busy || undefined}
              className={buttonClasses()}
            >
              {busy ? <Spinner /> : null}
              {busy ? m.reportSending : m.reportSubmit}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
