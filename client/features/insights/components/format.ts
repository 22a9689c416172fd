const dayMonth = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const dayMonthYear = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthShort = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** '12 décembre' for a day of this year, '3 janvier 2027' for another one. */
export function frenchDay(day: string, today: string): string {
  return (day.slice(0, 4) === today.slice(0, 4) ? dayMonth : dayMonthYear).format(at(day));
}
export const fullDay = (day: string) => dayMonthYear.format(at(day));
export const shortMonth = (month: string) => monthShort.format(at(`${month}-01`));
export const longMonth = (month: string) => monthLong.format(at(`${month}-01`));
