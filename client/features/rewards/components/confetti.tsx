import { type CSSProperties, useEffect, useMemo } from 'react';
import { useReducedMotion } from '../../../lib/use-reduced-motion';

/** Confetti last 5 s (docs/architecture.md#client-timings). */
export const CONFETTI_MS = 5000;

const COLORS = ['#a23b26', '#2f6f4f', '#b4541a', '#6b3fa0', '#1f5c86', '#d9a441', '#a0306b'];
const PIECES = 90;

// Each piece falls with its own drift and spin; all have landed before the 5 s are over.
const keyframes = `@keyframes lisons-confetti-fall {
  0% { transform: translate3d(0, -10vh, 0) rotate(0deg); opacity: 1; }
  85% { opacity: 1; }
  100% { transform: translate3d(var(--drift), 105vh, 0) rotate(var(--spin)); opacity: 0; }
}`;

type Piece = { id: number; style: CSSProperties };

function makePieces(): Piece[] {
  return Array.from({ length: PIECES }, (_, id) => {
    const size = 6 + Math.random() * 6;
    const duration = 2.6 + Math.random() * 1.8;
    const delay = Math.random() * 0.6;
    return {
      id,
      style: {
        left: `${Math.random() * 100}%`,
        width: `${size}px`,
        height: `${size * (0.4 + Math.random() * 0.6)}px`,
        backgroundColor: COLORS[id % COLORS.length],
        borderRadius: id % 3 === 0 ? '9999px' : '1px',
        animation: `lisons-confetti-fall ${duration.toFixed(2)}s cubic-bezier(0.25, 0.6, 0.45, 1) ${delay.toFixed(2)}s both`,
        '--drift': `${Math.round((Math.random() - 0.5) * 240)}px`,
        '--spin': `${Math.round((Math.random() - 0.5) * 1440)}deg`,
      } as CSSProperties,
    };
  });
}

/**
 * A burst of paper confetti over the page for 5 s, then `onDone`. Pure CSS, decorative
 * (aria-hidden, no pointer events), and not drawn at all for readers who prefer less motion.
 */
export function Confetti({ onDone }: { onDone?: () => void }) {
  const reduced = useReducedMotion();
  const pieces = useMemo(makePieces, []);

  useEffect(() => {
    if (!onDone) return;
    const timer = setTimeout(onDone, CONFETTI_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  if (reduced) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="confetti"
      className="pointer-events-none fixed inset-0 z-[60] overflow-hidden"
    >
      <style>{keyframes}</style>
      {pieces.map((piece) => (
        <span key={piece.id} className="absolute top-0 block" style={piece.style} />
      ))}
    </div>
  );
}
