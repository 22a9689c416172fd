import { type ChangeEvent, useEffect, useRef } from 'react';

/**
 * A text field that React does not write while the reader types in it: `value` lives in the
 * caller's state, the field's text in the DOM.
 *
 * On a page rendered by the server (decision 030), a reader may type before React takes the
 * page over; a controlled field then showed words its state did not hold (a search that
 * searched nothing), and making its state follow the field after hydration raced React's own
 * writes of a controlled value (a selected word replaced by a write of the same text lost its
 * selection, so the next letters were appended). Here React never writes the field while it is
 * typed in: the state takes what was typed before hydration once, and the field follows the
 * state only when the state changes for another reason (back and forward, a reset).
 */
export function useTypedField(value: string, setValue: (value: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  // Until the state holds what the server's field held when React took it over.
  const adopting = useRef(true);
  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    if (adopting.current) {
      if (field.value !== value) {
        setValue(field.value);
        return;
      }
      adopting.current = false;
      return;
    }
    if (field.value !== value) field.value = value;
  }, [value, setValue]);
  return {
    ref,
    defaultValue: value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
  };
}

export type TypedField = ReturnType<typeof useTypedField>;
