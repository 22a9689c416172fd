import { type RefObject, useEffect } from 'react';

/**
 * Text typed into a field of a page rendered by the server (decision 030) before React took
 * it over stays in the field, but not in React's state: the field would show words nothing
 * searches for (on a slow phone, the first letters of a search). Once the field is React's,
 * the state takes what it holds.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  setValue: (value: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when React takes the field over
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
  }, []);
}
