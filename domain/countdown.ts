import { fill, fillPlural } from './messages/fill';
import { countdownUnits as units } from './messages/validation';

// French plural: 0 and 1 take the singular ('0 seconde', '1 heure'), 2 and more the plural.
const count = fillPlural;

/**
 * Time left before a lock ends, in French with plurals (docs/architecture.md#attempts-and-lock):
 * hours and minutes from one hour ('1 heure et 5 minutes'), minutes and seconds from one minute
 * ('2 minutes et 1 seconde'), else seconds ('45 secondes'). A zero second unit is left out
 * ('2 heures'). Seconds are rounded up, so the text never says 0 while time remains.
 */
export function formatRemaining(ms: number): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pair = (first: string, second: string | null) =>
    second ? fill(units.and, { first, second }) : first;
  if (hours > 0) {
    return pair(count(hours, units.hour), minutes > 0 ? count(minutes, units.minute) : null);
  }
  if (minutes > 0) {
    return pair(count(minutes, units.minute), seconds > 0 ? count(seconds, units.second) : null);
  }
  return count(seconds, units.second);
}

/** Milliseconds from `now` until `until` (an ISO date), 0 once passed or unreadable. */
export function remainingMs(until: string, now: number): number {
  const end = Date.parse(until);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}
