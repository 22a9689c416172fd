import { useEffect, useRef, useState } from 'react';
import { formatRemaining, remainingMs } from '../../../../domain/countdown';
import { fill } from '../../../../domain/messages/fill';
import { validationMessages as m } from '../../../../domain/messages/validation';

/** The countdown ticks every second (docs/architecture.md#client-timings). */
export const LOCK_TICK_MS = 1000;

/**
 * 'Vous pourrez réessayer dans …' until `lockedUntil`, updated every second; at 0 it calls
 * `onExpired` once (the form comes back, no reload). A timer role: screen readers can read
 * it, without hearing every tick.
 */
export function LockCountdown(props: { lockedUntil: string; onExpired: () => void }) {
  const { lockedUntil } = props;
  const [now, setNow] = useState(() => Date.now());
  const onExpired = useRef(props.onExpired);
  onExpired.current = props.onExpired;
  const left = remainingMs(lockedUntil, now);

  useEffect(() => {
    if (remainingMs(lockedUntil, Date.now()) <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), LOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [lockedUntil]);

  useEffect(() => {
    if (left <= 0) onExpired.current();
  }, [left]);

  return (
    <p role="timer" className="font-serif text-xl font-semibold text-accent-strong">
      {fill(m.locked, { delay: formatRemaining(left) })}
    </p>
  );
}
