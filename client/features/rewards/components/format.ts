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
