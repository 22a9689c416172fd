import { validationMessages as m } from './messages/validation';

/** Wrong answers allowed on a segment before the cooldown lock. */
export const MAX_ATTEMPTS = 3;

/** A reader's wrong answers on the segment they are validating, and the lock after three. */
export type Attempts = { wrongCount: number; lockedUntil: Date | null };

/** True while a cooldown lock is running. */
export function isLocked(attempts: Attempts | null, now: Date): boolean {
  return attempts?.lockedUntil != null && attempts.lockedUntil > now;
}

/** Attempts left: 3 − wrong answers; 0 while locked; a fresh 3 once a lock has ended. */
export function attemptsLeft(attempts: Attempts | null, now: Date): number {
  if (!attempts) return MAX_ATTEMPTS;
  if (attempts.lockedUntil) return attempts.lockedUntil > now ? 0 : MAX_ATTEMPTS;
  return Math.max(0, MAX_ATTEMPTS - attempts.wrongCount);
}

/**
 * The attempts after one more wrong answer: a lock that has ended starts a fresh round of
 * three, and the third wrong answer of a round locks the segment for `lockMinutes`.
 */
export function afterWrongAnswer(
  attempts: Attempts | null,
  { now, lockMinutes }: { now: Date; lockMinutes: number },
): Attempts {
  const previous = attempts?.lockedUntil ? 0 : (attempts?.wrongCount ?? 0);
  const wrongCount = previous + 1;
  const lockedUntil =
    wrongCount >= MAX_ATTEMPTS ? new Date(now.getTime() + lockMinutes * 60_000) : null;
  return { wrongCount, lockedUntil };
}

/** The refusal of a locked segment, with the lock's end for the countdown. */
export function lockRefusal(attempts: Attempts | null, now: Date) {
  const lockedUntil = attempts?.lockedUntil;
  if (!lockedUntil || lockedUntil <= now) return null;
  return {
    code: 'SEGMENT_LOCKED',
    message: m.maxAttempts,
    lockedUntil: lockedUntil.toISOString(),
  } as const;
}
