import { type RefObject, useLayoutEffect, useRef } from 'react';

/** How near an edge (px) counts as being at it. */
const EDGE = 80;

/**
 * The room's scrolling: at the bottom on opening; a new message scrolls down only if the
 * reader was already at the bottom (or wrote it); older messages loaded on scrolling up keep
 * the one the reader was looking at in place. `onNearTop` asks for older messages, and says
 * whether it did (then the position is kept when they arrive).
 */
export function useChatScroll(options: {
  box: RefObject<HTMLElement | null>;
  firstId: string | undefined;
  lastId: string | undefined;
  lastIsMine: boolean;
  onNearTop: () => boolean;
}) {
  const { box, firstId, lastId, lastIsMine } = options;
  const atBottom = useRef(true);
  const opened = useRef(false);
  // Distance from the bottom when older messages were asked for.
  const anchor = useRef<number | null>(null);
  const seen = useRef({ firstId, lastId });

  useLayoutEffect(() => {
    const el = box.current;
    const before = seen.current;
    seen.current = { firstId, lastId };
    if (!el || lastId === undefined) return;
    if (!opened.current) {
      opened.current = true;
      el.scrollTop = el.scrollHeight;
      return;
    }
    if (firstId !== before.firstId && anchor.current !== null) {
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    }
    if (lastId !== before.lastId && (atBottom.current || lastIsMine)) {
      el.scrollTop = el.scrollHeight;
    }
  }, [box, firstId, lastId, lastIsMine]);

  /** Keeps the current message in place while older ones are added above. */
  function keepPosition() {
    const el = box.current;
    if (el) anchor.current = el.scrollHeight - el.scrollTop;
  }

  function onScroll() {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE;
    const distance = el.scrollHeight - el.scrollTop;
    if (el.scrollTop < EDGE && options.onNearTop()) anchor.current = distance;
  }

  return { onScroll, keepPosition };
}
