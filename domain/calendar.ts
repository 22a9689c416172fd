export const DEFAULT_TIME_ZONE = 'Europe/Paris';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day ('YYYY-MM-DD') and hour (0–23) of an instant in a time zone. */
export function localTime(at: Date, timeZone = DEFAULT_TIME_ZONE): { day: string; hour: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** 'YYYY-MM' of a local day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** Whole days from day a to day b ('YYYY-MM-DD'), calendar arithmetic (no DST effect). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** True for a valid IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
