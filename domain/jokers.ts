import { fill } from './messages/fill';
import { validationMessages as m } from './messages/validation';

export type JokerCount = { used: number; allowed: number };

/** Jokers left on a book: allowed minus used, never below 0. */
export function jokersRemaining({ used, allowed }: JokerCount): number {
  return Math.max(0, allowed - used);
}

/**
 * The joker line of the validation modal (spec 000 §9): none under 3 segments, the ones
 * left out of those allowed, or all used.
 */
export function jokersAvailabilityText(jokers: JokerCount): string {
  if (jokers.allowed <= 0) return m.jokersFromThree;
  const remaining = jokersRemaining(jokers);
  if (remaining === 0) return m.jokersAllUsed;
  return fill(m.jokersRemaining, { remaining, allowed: jokers.allowed });
}
