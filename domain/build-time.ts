/**
 * The build instant as the footer shows it: '2026-11-22T07:40:00.000Z' → '22 novembre 2026 à
 * 08:40' (Paris time). Called once, when the app is built (vite.config.ts): the first Intl
 * object of a page costs 25–30 ms on a desktop (its locale data), several times that on a
 * phone, which every page would pay while it starts.
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
