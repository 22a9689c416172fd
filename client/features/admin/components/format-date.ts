const formatter = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** 24/11/2026 08:05: when an admin action happened, in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return formatter.format(new Date(iso));
}
