import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  addDays,
  CIRCLE_PACE_DAYS,
  CIRCLE_START_WITHIN_DAYS,
  circleDay,
  circlePath,
  startDayProblem,
} from '../../../../domain/circles';
import { createCircleBodySchema } from '../../../../domain/circles.schemas';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { firstErrorByField, serverErrorsByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useStartCircle } from '../api/circles';

// Radix Dialog: this module is loaded on demand (the book page's « Lancer un cercle »).

export type StartCircleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  book: { id: string; title: string };
  /** Where focus goes once it is closed. */
  onClosed: () => void;
};

/**
 * Starting a circle: its name, its first day (today in Paris, up to 90 days ahead) and its pace
 * (days per segment), checked here as the server checks them; then the circle's page.
 */
export function StartCircleDialog(props: StartCircleDialogProps) {
  const { book } = props;
  const navigate = useNavigate();
  const start = useStartCircle();
  const today = circleDay(new Date());
  const [name, setName] = useState('');
  const [startDay, setStartDay] = useState(today);
  const [pace, setPace] = useState('7');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const busy = start.isPending;
  const paceDays = Number(pace);

  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = createCircleBodySchema.safeParse({
      bookId: book.id,
      name,
      startDay,
      paceDays: pace.trim() === '' ? undefined : paceDays,
    });
    const found = parsed.success ? {} : firstErrorByField(parsed.error);
    const problem = parsed.success ? startDayProblem(parsed.data.startDay, today) : null;
    if (problem) found.startDay = problem === 'past' ? m.startDayPast : m.startDayTooFar;
    if (!parsed.success || problem) {
      setErrors(found);
      if (found.name) nameField.current?.focus();
      return;
    }
    setErrors({});
    try {
      const created = await start.mutateAsync(parsed.data);
      toast.success(created.message);
      props.onOpenChange(false);
      navigate(circlePath(created.id));
    } catch (failure) {
      const onFields =
        failure instanceof HttpError && failure.status === 400
          ? serverErrorsByField(failure.details)
          : {};
      if (Object.keys(onFields).length > 0) setErrors(onFields);
      else setFormError(failure instanceof HttpError ? failure.message : m.loadFailed);
    }
  };

  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => busy || props.onOpenChange(next)}
      placement="lg"
      testId="start-circle-dialog"
      closeLabel={m.cancel}
      title={m.startTitle}
      description={fill(m.startLead, { title: book.title })}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        props.onClosed();
      }}
    >
      <form onSubmit={submit} noValidate aria-label={m.startTitle} className="mt-5 space-y-5">
        {formError ? (
          <p
            ref={formErrorRef}
            role="alert"
            tabIndex={-1}
            className="rounded-2xl border border-accent/40 bg-accent-soft px-4 py-3 font-medium text-accent-strong"
          >
            {formError}
          </p>
        ) : null}
        <TextField
          ref={nameField}
          label={m.nameLabel}
          placeholder={m.namePlaceholder}
          value={name}
          maxLength={80}
          autoComplete="off"
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors(({ name: _, ...rest }) => rest);
          }}
        />
        <TextField
          label={m.startDayLabel}
          type="date"
          value={startDay}
          min={today}
          max={addDays(today, CIRCLE_START_WITHIN_DAYS)}
          error={errors.startDay}
          onChange={(event) => {
            setStartDay(event.target.value);
            setErrors(({ startDay: _, ...rest }) => rest);
          }}
        />
        <TextField
          label={m.paceLabel}
          type="number"
          inputMode="numeric"
          min={CIRCLE_PACE_DAYS.min}
          max={CIRCLE_PACE_DAYS.max}
          step={1}
          value={pace}
          hint={
            Number.isInteger(paceDays) && paceDays >= 1
              ? fillPlural(paceDays, m.paceHint)
              : undefined
          }
          error={errors.paceDays}
          onChange={(event) => {
            setPace(event.target.value);
            setErrors(({ paceDays: _, ...rest }) => rest);
          }}
        />
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <button
            type="button"
            disabled={busy}
            onClick={() => props.onOpenChange(false)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {m.cancel}
          </button>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className={buttonClasses()}
          >
            {busy ? <Spinner /> : null}
            {busy ? m.creating : m.create}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
