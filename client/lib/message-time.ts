// When a message was written, as the chat and the discussions show it: the time alone today,
// the day and the time before (Paris time, the app's default zone, like the other dates).

const timeOnly = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});
const dayAndTime = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});
const fullDate = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});
const parisDay = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris' });

/** '14:05' today, '12 mars, 14:05' before; `now` is for tests. */
export function messageTime(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  return parisDay.format(date) === parisDay.format(now)
    ? timeOnly.format(date)
    : dayAndTime.format(date);
}

/** The whole date, for the tooltip: 'jeudi 12 mars 2026 à 14:05'. */
export function messageFullTime(iso: string): string {
  return fullDate.format(new Date(iso));
}
