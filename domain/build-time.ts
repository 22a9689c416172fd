/**
 * The build instant as the footer shows it: '2026-11-22T07:40:00.000Z' → '22 novembre 2026 à
 * 08:40' (Paris time). Called once, when the app is built (vite.config.ts): creating an
 * Intl.DateTimeFormat with a time zone costs a phone about 80 ms the first time, which every
 * page would pay while it starts.
 */
export function frenchBuildTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(date);
}
