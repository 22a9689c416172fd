import { fill } from './messages/fill';
import { validationMessages as m } from './messages/validation';

export type JokerCount = { used: number; allowed: number };

/** Jokers allowed for a book: floor(expected / 10) + 1, none under 3 segments. */
export function jokersAllowed(expected: number): number {
  return expected < 3 ? 0 : Math.floor(expected / 10) + 1;
}

/**
 * Why a joker may not be spent on the segment being validated, or null: the book must allow
 * jokers, the reader must have answered it wrongly at least once, and have one left.
 */
export function jokerRefusal({
  expected,
  wrongAnswers,
  used,
}: {
  expected: number;
  wrongAnswers: number;
  used: number;
}) {
  const allowed = jokersAllowed(expected);
  if (allowed === 0) return { code: 'JOKERS_UNAVAILABLE', message: m.jokersUnavailable } as const;
  if (wrongAnswers < 1) {
    return { code: 'JOKER_NOT_OFFERED', message: m.jokerNeedsWrongAnswer } as const;
  }
  if (used >= allowed) return { code: 'NO_JOKER_LEFT', message: m.jokersAllUsed } as const;
  return null;
}

/** Jokers left on a book: allowed minus used, never below 0. */
export function jokersRemaining({ used, allowed }: JokerCount): number {
  return Math.max(0, allowed - used);
}

/**
 * The joker line of the validation modal (docs/architecture.md#jokers): none under 3 segments, the
 * ones left out of those allowed, or all used.
 */
export function jokersAvailabilityText(jokers: JokerCount): string {
  if (jokers.allowed <= 0) return m.jokersFromThree;
  const remaining = jokersRemaining(jokers);
  if (remaining === 0) return m.jokersAllUsed;
  return fill(m.jokersRemaining, { remaining, allowed: jokers.allowed });
}
