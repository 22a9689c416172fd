import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  /** Shown under the field in the accent colour; marks the field invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Shown under the field, before its error, and read with it (e.g. what an answer accepts). */
  note?: ReactNode;
  /** A control drawn inside the field, on the right (e.g. a show-password button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and error message, both tied to it for screen readers. */
export function TextField({ label, error, hint, note, trailing, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, note ? noteId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <div className="relative mt-1.5">
        <input
          {...input}
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`block h-12 w-full rounded-xl border bg-paper px-4 text-base text-ink placeholder:text-ink-soft/80 focus-visible:border-accent disabled:opacity-60 ${trailing ? 'pr-14' : ''} ${error ? 'border-accent' : 'border-ink/25'}`}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
      {note ? (
        <div id={noteId} className="mt-1.5">
          {note}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}
