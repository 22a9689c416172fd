const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const frenchNumber = new Intl.NumberFormat('fr-FR');

/** A date as readers in France write it: '12 mars 2026' (Paris time, the default zone). */
export function formatFrenchDate(iso: string): string {
  return frenchDate.format(new Date(iso));
}

/** A count as French writes it: 1 234 (narrow no-break space between thousands). */
export function formatNumber(n: number): string {
  return frenchNumber.format(n);
}

const relative = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in French, for the last week ('maintenant', 'il y a 5 minutes', 'hier');
 * older dates as '12 mars 2026'. `now` is for tests.
 */
export function formatRelativeDate(iso: string, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < MINUTE) return relative.format(0, 'second');
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatFrenchDate(iso);
}
