import { useEffect, useRef, useState } from 'react';
import { shownCount } from '../../../domain/book-display';

/**
 * A list shown `first` items at a time then `step` more per press. After a press, focus goes
 * to the first newly shown item (its first link or button) so keyboard users carry on from
 * there; attach `listRef` to the list whose children are the items.
 */
export function useShowMore(total: number, paging: { first: number; step: number }) {
  const [steps, setSteps] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const shown = shownCount(total, paging, steps);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each reveal
  useEffect(() => {
    if (focusFrom.current === null) return;
    const item = listRef.current?.children[focusFrom.current];
    focusFrom.current = null;
    item?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [shown]);

  return {
    shown,
    listRef,
    more: () => {
      focusFrom.current = shown;
      setSteps((n) => n + 1);
    },
  };
}
