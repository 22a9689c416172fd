import { daysBetween, localTime } from './calendar';

/** Reading days in a row that earn one streak freeze. */
export const FREEZE_EVERY_DAYS = 7;
/** Freezes a reader may hold at once. */
export const MAX_FREEZES = 2;

export type StreakWithFreezes = {
  /** Reading days of the streak alive today (frozen days keep it but do not add to it). */
  current: number;
  /** The longest such streak ever. */
  best: number;
  /** Freezes held now (0 to MAX_FREEZES). */
  freezes: number;
  /** The missed days a freeze was spent on, oldest first. */
  frozenDays: string[];
};

/** The day after a 'YYYY-MM-DD' day (calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The distinct local days ('YYYY-MM-DD', sorted) of validation instants in a time zone. */
export function readingDaysOf(instants: readonly Date[], timeZone: string): string[] {
  return [...new Set(instants.map((at) => localTime(at, timeZone).day))].sort();
}

/**
 * Streak with freezes (Duolingo's rule): every FREEZE_EVERY_DAYS-th reading day of a streak
 * earns a freeze (at most MAX_FREEZES held); a past day without reading spends one
 * automatically and the streak survives, or ends it when none is held. Today is never a
 * missed day: it is not over. Derived from the reading days alone, so every process agrees
 * and nothing has to run at midnight.
 */
export function streakWithFreezes(days: readonly string[], today: string): StreakWithFreezes {
  const read = new Set(days.filter((d) => d <= today));
  const first = [...read].sort()[0];
  const result: StreakWithFreezes = { current: 0, best: 0, freezes: 0, frozenDays: [] };
  if (first === undefined) return result;
  let run = 0;
  // At most a few thousand days: one pass over the calendar is simpler than over the gaps.
  for (let day = first; daysBetween(day, today) >= 0; day = nextDay(day)) {
    if (read.has(day)) {
      run += 1;
      if (run % FREEZE_EVERY_DAYS === 0) result.freezes = Math.min(MAX_FREEZES, result.freezes + 1);
      result.best = Math.max(result.best, run);
    } else if (day !== today && run > 0) {
      if (result.freezes > 0) {
        result.freezes -= 1;
        result.frozenDays.push(day);
      } else {
        run = 0;
      }
    }
  }
  result.current = run;
  return result;
}
