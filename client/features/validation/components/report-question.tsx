import { Flag } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  questionProposalsMessages as m,
  reportReasons,
} from '../../../../domain/messages/question-proposals';
import { type ReportReason, reportReasonCodes } from '../../../../domain/question-proposals';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ReasonChoices } from '../../../components/ui/reason-choices';
import { Spinner } from '../../../components/ui/spinner';
import { serverErrorsByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { reportQuestion } from '../api/report-question';

type Mode = 'closed' | 'open' | 'done';

/**
 * « Signaler cette question » (decision 047), offered once the reader has answered or is locked
 * out: a small button that opens (and closes) in place the four reasons and « Envoyer le
 * signalement »; then the thanks, or the server's word when it refuses (already reported, not
 * asked), in a polite live region. Focus goes into the form (its first reason) when it opens, back to the
 * button when it is cancelled, and to the status once it is said. A failure worth retrying
 * (network, server) keeps the form.
 */
export function ReportQuestion(props: { questionId: string; className?: string }) {
  const { questionId } = props;
  const id = useId();
  const [mode, setMode] = useState<Mode>('closed');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the next mode is drawn: the form's first reason, the button, the status.
  const focusNext = useRef<Mode | null>(null);

  useEffect(() => {
    if (focusNext.current !== mode) return;
    focusNext.current = null;
    const target = { open: firstReason, closed: openButton, done: status }[mode];
    target.current?.focus();
  }, [mode]);

  const go = (next: Mode) => {
    focusNext.current = next;
    setMode(next);
  };
  const finish = (text: string) => {
    setSaid(text);
    go('done');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!reason) {
      setMissing(m.reportReasonRequired);
      firstReason.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await reportQuestion({ questionId, reason });
      finish(m.reported);
    } catch (failure) {
      if (!(failure instanceof HttpError) || failure.status >= 500 || failure.status === 429) {
        setError(failure instanceof HttpError ? failure.message : m.reportError);
      } else if (failure.status === 400) {
        setMissing(serverErrorsByField(failure.details).reason ?? failure.message);
        firstReason.current?.focus();
      } else {
        // Already reported, not asked, gone: the server's French word ends it.
        finish(failure.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`text-left ${props.className ?? ''}`}>
      {/* Present from the start, so that what the server said is read when it arrives. */}
      <p
        ref={status}
        role="status"
        aria-live="polite"
        tabIndex={-1}
        className={mode === 'done' ? 'text-sm font-medium outline-none' : 'sr-only'}
      >
        {mode === 'done' ? said : ''}
      </p>
      {mode === 'done' ? null : (
        <button
          ref={openButton}
          type="button"
          aria-expanded={mode === 'open'}
          aria-controls={mode === 'open' ? `${id}-form` : undefined}
          onClick={() => busy || go(mode === 'open' ? 'closed' : 'open')}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Flag size={16} aria-hidden="true" />
          {m.report}
        </button>
      )}
      {mode === 'open' ? (
        <form
          id={`${id}-form`}
          aria-label={m.report}
          onSubmit={submit}
          noValidate
          className="mt-3 rounded-2xl border border-line bg-paper-deep/60 p-4"
        >
          <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
            <legend className="font-semibold">{m.reportReasonLabel}</legend>
            <ReasonChoices
              name={`${id}-reason`}
              codes={reportReasonCodes}
              labels={reportReasons}
              value={reason}
              firstRef={firstReason}
              onChange={(code) => {
                setReason(code);
                setMissing(null);
              }}
            />
            {missing ? (
              <p id={`${id}-missing`} role="alert" className="mt-2 text-sm font-medium text-accent">
                {missing}
              </p>
            ) : null}
          </fieldset>
          {error ? (
            <p role="alert" className="mt-3 text-sm font-medium text-accent">
              {error}
            </p>
          ) : null}
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              aria-disabled={busy || undefined}
              onClick={() => busy || go('closed')}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {m.cancel}
            </button>
            <button
              type="submit"
              aria-busy={busy || undefined}
              aria-disabled={busy || undefined}
              className={buttonClasses({ size: 'sm' })}
            >
              {busy ? <Spinner /> : null}
              {busy ? m.submitting : m.reportSubmit}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
