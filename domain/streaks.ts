import { daysBetween } from './calendar';

/**
 * Reading streaks from the local days with at least one validation: `best` is the longest
 * run of consecutive days; `current` is the run ending on the last reading day, still
 * current until the end of the day after it (so today's streak counts before today's read).
 */
export function computeStreaks(
  days: readonly string[],
  today: string,
): { current: number; best: number } {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of sorted) {
    run = previous !== undefined && daysBetween(previous, day) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  const last = sorted.at(-1);
  const alive =
    last !== undefined && daysBetween(last, today) <= 1 && daysBetween(last, today) >= 0;
  return { current: alive ? run : 0, best };
}
