import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { bookAuthor, bookTitle } from '../../../../domain/book-display';
import { fill } from '../../../../domain/messages/fill';
import {
  questionProposalsMessages as m,
  rejectionReasons,
} from '../../../../domain/messages/question-proposals';
import { type RejectionReason, rejectionReasonCodes } from '../../../../domain/question-proposals';
import {
  proposalInputSchema,
  type ReviewInput,
  type ReviewItem,
} from '../../../../domain/question-proposals.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ReasonChoices } from '../../../components/ui/reason-choices';
import { Spinner } from '../../../components/ui/spinner';
import { firstErrorByField, serverErrorsByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { questionFiguresText } from '../../../lib/question-figures';
import { useReviewQuestion } from '../api/review-queue';
import {
  focusFirstError,
  type QuestionFieldRefs,
  QuestionFields,
  type QuestionValues,
} from './question-fields';

export type Verdict = 'approve' | 'reject';
type Mode = 'idle' | 'edit' | 'reject';

/**
 * One question to review: its book and pages, the question, its answer and where it is, and
 * the three verdicts: approve; correct then approve (the three fields in place); refuse, with
 * one of the five reasons. Once the server has it, the card leaves the list (`onReviewed`).
 */
export function ReviewCard(props: { item: ReviewItem; onReviewed: (verdict: Verdict) => void }) {
  const { item } = props;
  const id = useId();
  const review = useReviewQuestion();
  const [mode, setMode] = useState<Mode>('idle');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const editButton = useRef<HTMLButtonElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const busy = review.isPending;
  const figures = questionFiguresText(item.figures);

  const send = async (input: ReviewInput): Promise<void> => {
    if (busy) return;
    setError(null);
    try {
      await review.mutateAsync({ item, input });
      props.onReviewed(input.verdict);
    } catch (failure) {
      const onFields =
        failure instanceof HttpError && failure.status === 400
          ? serverErrorsByField(failure.details)
          : {};
      const edited = Object.fromEntries(
        Object.entries(onFields).map(([path, message]) => [path.replace(/^edit\./, ''), message]),
      );
      if (input.edit && Object.keys(edited).length > 0) setFieldErrors(edited);
      else setError(failure instanceof HttpError ? failure.message : m.reviewActionError);
    }
  };

  // Cancelling a form gives focus back to the button that opened it, once it is drawn again.
  const focusBack = useRef<'edit' | 'reject' | null>(null);
  useEffect(() => {
    if (mode !== 'idle' || !focusBack.current) return;
    (focusBack.current === 'edit' ? editButton : rejectButton).current?.focus();
    focusBack.current = null;
  }, [mode]);
  const leave = (from: 'edit' | 'reject') => {
    focusBack.current = from;
    setMode('idle');
    setError(null);
    setFieldErrors({});
  };

  return (
    <article
      data-review-card
      tabIndex={-1}
      aria-labelledby={`${id}-question`}
      className="rounded-3xl border border-line bg-paper-deep/60 p-5 sm:p-6"
    >
      <p className="text-sm font-semibold break-words">
        {fill(m.reviewItemPlace, {
          title: bookTitle(item.book.title),
          from: item.from,
          to: item.to,
        })}
      </p>
      <p className="text-sm text-ink-soft break-words">{bookAuthor(item.book.author)}</p>
      <h2 id={`${id}-question`} className="mt-3 font-sans text-lg font-semibold break-words">
        {item.question}
      </h2>
      <p className="mt-2 break-words">{fill(m.reviewAnswer, { answer: item.answer })}</p>
      {item.location ? (
        <p className="mt-1 text-ink-soft break-words">
          {fill(m.reviewLocation, { location: item.location })}
        </p>
      ) : null}
      {figures ? (
        <p className="mt-3 rounded-2xl border border-line bg-paper px-3 py-2 text-sm break-words">
          <span className="font-semibold">{m.returnedToReview}</span>
          <br />
          {figures}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 font-medium text-accent-strong">
          {error}
        </p>
      ) : null}

      {mode === 'edit' ? (
        <EditForm
          item={item}
          busy={busy}
          serverErrors={fieldErrors}
          onSubmit={(edit) => send({ verdict: 'approve', edit })}
          onCancel={() => leave('edit')}
        />
      ) : mode === 'reject' ? (
        <RejectForm
          busy={busy}
          onSubmit={(reason) => send({ verdict: 'reject', reason })}
          onCancel={() => leave('reject')}
        />
      ) : (
        <div className="mt-5 flex flex-wrap gap-2">
          <button
            type="button"
            aria-busy={busy || undefined}
            aria-disabled={busy || undefined}
            onClick={() => void send({ verdict: 'approve' })}
            className={buttonClasses({ size: 'sm' })}
          >
            {busy ? <Spinner /> : null}
            {m.approve}
          </button>
          <button
            ref={editButton}
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => busy || setMode('edit')}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {m.editThenApprove}
          </button>
          <button
            ref={rejectButton}
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => busy || setMode('reject')}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {m.reject}
          </button>
        </div>
      )}
    </article>
  );
}

/** « Corriger puis approuver »: the three fields, filled with the question as proposed. */
function EditForm(props: {
  item: ReviewItem;
  busy: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (edit: { question: string; answer: string; location: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const { item, busy } = props;
  const [values, setValues] = useState<QuestionValues>({
    question: item.question,
    answer: item.answer,
    location: item.location ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldRefs: QuestionFieldRefs = useRef({});
  useEffect(() => {
    fieldRefs.current.question?.focus();
  }, []);
  useEffect(() => {
    if (Object.keys(props.serverErrors).length === 0) return;
    setErrors(props.serverErrors);
    focusFirstError(props.serverErrors, fieldRefs);
  }, [props.serverErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = proposalInputSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstErrorByField(parsed.error);
      setErrors(found);
      focusFirstError(found, fieldRefs);
      return;
    }
    setErrors({});
    void props.onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={m.reviewEditTitle} className="mt-5">
      <QuestionFields
        values={values}
        errors={errors}
        fieldRefs={fieldRefs}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
      />
      <FormButtons busy={busy} submit={m.saveAndApprove} onCancel={props.onCancel} />
    </form>
  );
}

/** « Refuser »: one of the five reasons, required. */
function RejectForm(props: {
  busy: boolean;
  onSubmit: (reason: RejectionReason) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [missing, setMissing] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.busy) return;
    if (!reason) {
      setMissing(true);
      first.current?.focus();
      return;
    }
    void props.onSubmit(reason);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5">
      <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
        <legend className="font-semibold">{m.rejectReasonLabel}</legend>
        <ReasonChoices
          name={`${id}-reason`}
          codes={rejectionReasonCodes}
          labels={rejectionReasons}
          value={reason}
          firstRef={first}
          onChange={(code) => {
            setReason(code);
            setMissing(false);
          }}
        />
        {missing ? (
          <p id={`${id}-missing`} role="alert" className="mt-2 text-sm font-medium text-accent">
            {m.reasonRequired}
          </p>
        ) : null}
      </fieldset>
      <FormButtons busy={props.busy} submit={m.confirmReject} onCancel={props.onCancel} />
    </form>
  );
}

function FormButtons(props: { busy: boolean; submit: string; onCancel: () => void }) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button
        type="button"
        aria-disabled={props.busy || undefined}
        onClick={() => props.busy || props.onCancel()}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        {m.cancel}
      </button>
      <button
        type="submit"
        aria-busy={props.busy || undefined}
        aria-disabled={props.busy || undefined}
        className={buttonClasses({ size: 'sm' })}
      >
        {props.busy ? <Spinner /> : null}
        {props.submit}
      </button>
    </div>
  );
}
