export type BuildInfo = { version: string; builtAt: string };

/** Version and build instant, fixed at build time by vite.config.ts. */
// Outside a Vite build (the server's tests render pages from the sources) they are unset.
export const buildInfo: BuildInfo = {
  version: typeof __APP_VERSION__ === 'undefined' ? 'dev' : __APP_VERSION__,
  builtAt: typeof __BUILD_TIME__ === 'undefined' ? '' : __BUILD_TIME__,
};

// Intl rather than date-fns here: the footer is on every page, including the landing page
// whose JavaScript budget is tight, and the browser already knows French dates.
const frenchDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** '2026-11-22T07:40:00.000Z' → '22 novembre 2026 à 08:40' (Paris time). */
export function formatBuildTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : frenchDateTime.format(date);
}
