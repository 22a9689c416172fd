import { type FormEvent, useId, useState } from 'react';
import { MAX_ATTEMPTS } from '../../../../domain/attempts';
import { jokersAvailabilityText } from '../../../../domain/jokers';
import { fill } from '../../../../domain/messages/fill';
import {
  attemptsLeftMessage,
  validationMessages as m,
  validationFlowMessages as t,
} from '../../../../domain/messages/validation';
import { segmentPages } from '../../../../domain/segments';
import type { ValidationState } from '../../../../domain/validation.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { DialogClose } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { FlowDialog } from './flow-dialog';
import { LockCountdown } from './lock-countdown';
import { ReportQuestion } from './report-question';

export type ConfirmSegmentProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed?: () => void;
  book: { title: string; totalPages: number };
  /** The segment the book page expects, shown until the server's state arrives. */
  segment: number;
  /** The server's state; undefined while it loads. */
  state: ValidationState | undefined;
  loadError: string | null;
  /** A lock still running (the state's, or one the server just reported); null: none. */
  lockedUntil: string | null;
  onLockExpired: () => void;
  /** The question the reader failed before the lock, which they may report; null: not known. */
  questionId?: string | null;
  /** The question is being fetched. */
  pending: boolean;
  /** A failure the reader can retry from here. */
  error: string | null;
  onConfirm: () => void;
};

/**
 * The validation confirmation (docs/architecture.md#validation-flow): the
 * segment's pages, the joker line, the checkbox 'J'ai lu ces pages…' that must be ticked,
 * and 'Valider cette étape'. While a lock runs, its countdown replaces checkbox and button,
 * with « Signaler cette question » when the question that locked it is known.
 */
export function ConfirmSegmentDialog(props: ConfirmSegmentProps) {
  const { book, state, lockedUntil } = props;
  const segment = state?.segment ?? props.segment;
  const pages = segmentPages(segment, book.totalPages);
  return (
    <FlowDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      onClosed={props.onClosed}
      busy={props.pending}
      testId="confirm-segment-dialog"
      title={fill(t.confirmTitle, { segment })}
      description={
        <p>{fill(t.confirmLead, { from: pages.from, to: pages.to, title: book.title })}</p>
      }
    >
      {props.loadError ? (
        <Ending text={props.loadError} alert />
      ) : lockedUntil ? (
        <div className="mt-6">
          <div className="rounded-2xl bg-accent-soft p-5">
            <p className="font-medium">{m.maxAttempts}</p>
            <div className="mt-2">
              <LockCountdown lockedUntil={lockedUntil} onExpired={props.onLockExpired} />
            </div>
          </div>
          <CloseRow />
          {props.questionId ? (
            <ReportQuestion
              key={props.questionId}
              questionId={props.questionId}
              className="mt-6 border-t border-line pt-4"
            />
          ) : null}
        </div>
      ) : !state ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-ink-soft">
          <Spinner />
          {t.loading}
        </p>
      ) : state.completed ? (
        <Ending text={m.alreadyFinished} />
      ) : (
        <ConfirmForm {...props} state={state} />
      )}
    </FlowDialog>
  );
}

function ConfirmForm(props: ConfirmSegmentProps & { state: ValidationState }) {
  const { state, pending, error } = props;
  const [checked, setChecked] = useState(false);
  const hintId = useId();
  const errorId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (checked && !pending) props.onConfirm();
  }
  return (
    <form noValidate onSubmit={submit} className="mt-6">
      <p className="text-sm text-ink-soft">{jokersAvailabilityText(state.jokers)}</p>
      {state.attemptsLeft < MAX_ATTEMPTS ? (
        <p className="mt-1 text-sm font-medium">{attemptsLeftMessage(state.attemptsLeft)}</p>
      ) : null}
      <label className="mt-5 flex cursor-pointer items-start gap-3 rounded-2xl border border-line bg-paper-deep/60 p-4">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
          aria-describedby={checked ? undefined : hintId}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        <span className="font-medium">{m.confirmLabel}</span>
      </label>
      {checked ? null : (
        <p id={hintId} className="mt-2 text-sm text-ink-soft">
          {m.confirmHint}
        </p>
      )}
      {error ? (
        <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-accent">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => props.onOpenChange(false)}
          disabled={pending}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t.cancel}
        </button>
        <button
          type="submit"
          disabled={!checked || pending}
          aria-busy={pending || undefined}
          aria-describedby={checked ? (error ? errorId : undefined) : hintId}
          className={buttonClasses()}
        >
          {pending ? <Spinner /> : null}
          {pending ? m.confirmPending : m.confirmButton}
        </button>
      </div>
    </form>
  );
}

function Ending({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <div className="mt-6">
      <p role={alert ? 'alert' : undefined} className="font-medium">
        {text}
      </p>
      <CloseRow />
    </div>
  );
}

function CloseRow() {
  return (
    <div className="mt-6 flex justify-end">
      <DialogClose className={buttonClasses({ variant: 'secondary' })}>{t.close}</DialogClose>
    </div>
  );
}
