import type { Ref } from 'react';

/**
 * The reasons of a refusal or a report as a radio list (a rejected question, a reported
 * question or book): one per line, a 44 px target each, the first one focusable by `firstRef`.
 * The caller gives the fieldset and its legend, and says what a choice clears.
 */
export function ReasonChoices<C extends string>(props: {
  name: string;
  codes: readonly C[];
  labels: Record<C, string>;
  value: C | null;
  onChange: (code: C) => void;
  firstRef?: Ref<HTMLInputElement>;
  /** The row's hover background, against the surface it sits on. */
  hover?: 'hover:bg-paper' | 'hover:bg-paper-deep';
}) {
  return (
    <div className="mt-2 space-y-1">
      {props.codes.map((code, index) => (
        <label
          key={code}
          className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 ${props.hover ?? 'hover:bg-paper'}`}
        >
          <input
            ref={index === 0 ? props.firstRef : undefined}
            type="radio"
            name={props.name}
            value={code}
            checked={props.value === code}
            onChange={() => props.onChange(code)}
            className="size-5 shrink-0 accent-accent"
          />
          <span className="break-words">{props.labels[code]}</span>
        </label>
      ))}
    </div>
  );
}
