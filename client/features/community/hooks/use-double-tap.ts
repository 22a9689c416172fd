import { type PointerEvent, useRef } from 'react';
import { DOUBLE_TAP_MS } from '../../../../domain/community';

/**
 * Calls `onDoubleTap` when two taps (or clicks) land on the element within DOUBLE_TAP_MS.
 * Taps on a link or a button inside are theirs, not the element's; a third quick tap starts
 * a new pair. Times come from Date.now, which tests can set.
 */
export function useDoubleTap(onDoubleTap: () => void, enabled = true) {
  const lastTap = useRef<number | null>(null);
  return (event: PointerEvent<HTMLElement>) => {
    // A second finger of a pinch is not a tap.
    if (!enabled || event.isPrimary === false) return;
    if ((event.target as Element).closest('a, button, input, textarea, select')) {
      lastTap.current = null;
      return;
    }
    const now = Date.now();
    if (lastTap.current !== null && now - lastTap.current <= DOUBLE_TAP_MS) {
      lastTap.current = null;
      onDoubleTap();
    } else {
      lastTap.current = now;
    }
  };
}
