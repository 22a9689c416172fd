import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fill } from '../../../../domain/messages/fill';
import { questionProposalsMessages as m } from '../../../../domain/messages/question-proposals';
import {
  type ProposalResult,
  proposalInputSchema,
} from '../../../../domain/question-proposals.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { firstErrorByField, serverErrorsByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useProposeQuestion } from '../api/contributions';
import {
  emptyQuestion,
  focusFirstError,
  type QuestionFieldRefs,
  QuestionFields,
  type QuestionValues,
} from './question-fields';

// Radix Dialog: this module is loaded on demand (the book page's « Proposer la question »).

export type ProposalDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bookId: string;
  segment: number;
  /** The segment's pages, in the title. */
  pages: { from: number; to: number };
  /** The proposal counted the segment as read: what other features show is refreshed. */
  onCountedAsRead?: ((bookId: string) => void) | undefined;
  /** Where focus goes once it is closed. */
  onClosed: () => void;
};

/**
 * « Ta question sur les pages … » (decision 045): the question, its one-word answer and where
 * it is, checked here as the server checks them; the server's refusals on their field or above
 * the form; then the thanks (the segment counted as read, or the question added to its pool).
 * It cannot be closed while the question is on its way.
 */
export function ProposalDialog(props: ProposalDialogProps) {
  const { bookId, segment } = props;
  const propose = useProposeQuestion(props.onCountedAsRead);
  const [values, setValues] = useState<QuestionValues>(emptyQuestion);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<ProposalResult | null>(null);
  const fieldRefs: QuestionFieldRefs = useRef({});
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const busy = propose.isPending;

  useEffect(() => {
    if (sent) closeRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = proposalInputSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstErrorByField(parsed.error);
      setErrors(found);
      focusFirstError(found, fieldRefs);
      return;
    }
    setErrors({});
    try {
      setSent(await propose.mutateAsync({ bookId, segment, input: parsed.data }));
    } catch (failure) {
      const onFields =
        failure instanceof HttpError && failure.status === 400
          ? serverErrorsByField(failure.details)
          : {};
      if (Object.keys(onFields).length > 0) {
        setErrors(onFields);
        focusFirstError(onFields, fieldRefs);
      } else {
        setFormError(failure instanceof HttpError ? failure.message : m.formError);
      }
    }
  };

  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => busy || props.onOpenChange(next)}
      placement="lg"
      testId="proposal-dialog"
      closeLabel={m.close}
      title={fill(m.formTitle, props.pages)}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        props.onClosed();
      }}
    >
      {/* Present from the start, so that the thanks are read when they arrive. */}
      <p role="status" className={sent ? 'mt-4 text-lg' : 'sr-only'}>
        {sent ? (sent.countedAsRead ? m.sentCounted : m.sentPool) : ''}
      </p>
      {sent ? (
        <div className="mt-6 flex justify-end">
          <button
            ref={closeRef}
            type="button"
            onClick={() => props.onOpenChange(false)}
            className={buttonClasses({ className: 'w-full sm:w-auto' })}
          >
            {m.close}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-5">
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
          <QuestionFields
            values={values}
            errors={errors}
            fieldRefs={fieldRefs}
            onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          />
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => busy || props.onOpenChange(false)}
              aria-disabled={busy || undefined}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {m.cancel}
            </button>
            <button
              type="submit"
              aria-busy={busy || undefined}
              aria-disabled={busy || undefined}
              className={buttonClasses()}
            >
              {busy ? <Spinner /> : null}
              {busy ? m.submitting : m.submit}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
