// The Intl formatters are made on first use, not when this module loads: the first Intl
// object of a page costs 25–30 ms on a desktop (its locale data), several times that on a
// phone, and public pages import this module while they start (decision 034).
let frenchNumber: Intl.NumberFormat | undefined;
let relative: Intl.RelativeTimeFormat | undefined;

const months = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const HOUR = 3_600_000;

/** The last Sunday of `month` (0-based) in `year`, at 01:00 UTC. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Paris' offset from UTC at `ms`: summer time (UTC+2) from the last Sunday of March to the
 * last Sunday of October, at 01:00 UTC both times, as the whole EU has done since 1996.
 */
function parisOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSundayAtOneUtc(year, 2) && ms < lastSundayAtOneUtc(year, 9);
  return (summer ? 2 : 1) * HOUR;
}

/**
 * A date as readers in France write it: '12 mars 2026' (its day in Paris). Written out
 * rather than with Intl, for the first paint of the blog's pages (see above); the tests hold
 * it equal to Intl's.
 */
export function formatFrenchDate(iso: string): string {
  const ms = new Date(iso).getTime();
  const paris = new Date(ms + parisOffset(ms));
  return `${paris.getUTCDate()} ${months[paris.getUTCMonth()]} ${paris.getUTCFullYear()}`;
}

/** A count as French writes it: 1 234 (narrow no-break space between thousands). */
export function formatNumber(n: number): string {
  frenchNumber ??= new Intl.NumberFormat('fr-FR');
  return frenchNumber.format(n);
}

const MINUTE = 60_000;
const DAY = 24 * HOUR;

/**
 * How long ago, in French, for the last week ('maintenant', 'il y a 5 minutes', 'hier');
 * older dates as '12 mars 2026'. `now` is for tests.
 */
export function formatRelativeDate(iso: string, now: number = Date.now()): string {
  relative ??= new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < MINUTE) return relative.format(0, 'second');
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatFrenchDate(iso);
}
