import { daysBetween } from './calendar';
import { nextDay } from './streak-freeze';

/** Days the recent pace is measured over. */
export const PACE_WINDOW_DAYS = 28;
/** Weeks of the reading calendar (a year, plus the week under way). */
export const CALENDAR_WEEKS = 53;

/** The day `n` days after (or before, n < 0) a 'YYYY-MM-DD' day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Monday of the ISO week of a day. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** Pages validated per day over the PACE_WINDOW_DAYS days ending today (today included). */
export function recentPace(pagesPerDay: Readonly<Record<string, number>>, today: string): number {
  let pages = 0;
  for (const [day, n] of Object.entries(pagesPerDay)) {
    const age = daysBetween(day, today);
    if (age >= 0 && age < PACE_WINDOW_DAYS) pages += n;
  }
  return Math.round((pages / PACE_WINDOW_DAYS) * 10) / 10;
}

/**
 * The day a book would be finished at `pace` pages a day: today when nothing is left, null
 * without a pace (nothing read lately: no honest projection).
 */
export function projectedFinish(x: { pagesLeft: number; pace: number; today: string }) {
  if (x.pagesLeft <= 0) return x.today;
  if (x.pace <= 0) return null;
  return addDays(x.today, Math.ceil(x.pagesLeft / x.pace));
}

/** Shade 0 (nothing) to 4 of a calendar square, by pages validated that day. */
export function calendarLevel(pages: number): 0 | 1 | 2 | 3 | 4 {
  if (pages <= 0) return 0;
  if (pages <= 30) return 1;
  if (pages <= 60) return 2;
  if (pages <= 120) return 3;
  return 4;
}

export type CalendarDay = { day: string; pages: number; level: 0 | 1 | 2 | 3 | 4 };

/**
 * The reading calendar: CALENDAR_WEEKS columns of 7 days (Monday first) ending with today's
 * week; days after today are left out of the last column.
 */
export function calendarWeeks(
  pagesPerDay: Readonly<Record<string, number>>,
  today: string,
): CalendarDay[][] {
  const weeks: CalendarDay[][] = [];
  let day = addDays(mondayOf(today), -7 * (CALENDAR_WEEKS - 1));
  for (let w = 0; w < CALENDAR_WEEKS; w += 1) {
    const week: CalendarDay[] = [];
    for (let d = 0; d < 7 && day <= today; d += 1, day = nextDay(day)) {
      const pages = pagesPerDay[day] ?? 0;
      week.push({ day, pages, level: calendarLevel(pages) });
    }
    weeks.push(week);
  }
  return weeks;
}

/** Pages per week (key: its Monday) and per month ('YYYY-MM') of the last `weeks`/`months`. */
export function pagesByPeriod(
  pagesPerDay: Readonly<Record<string, number>>,
  today: string,
  span: { weeks: number; months: number },
) {
  const weekKeys = Array.from({ length: span.weeks }, (_, i) =>
    addDays(mondayOf(today), -7 * (span.weeks - 1 - i)),
  );
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthKeys = Array.from({ length: span.months }, (_, i) => {
    const m = new Date(Date.UTC(year, month - 1 - (span.months - 1 - i), 1));
    return m.toISOString().slice(0, 7);
  });
  const weeks = new Map(weekKeys.map((k) => [k, 0]));
  const months = new Map(monthKeys.map((k) => [k, 0]));
  for (const [day, pages] of Object.entries(pagesPerDay)) {
    const w = mondayOf(day);
    if (weeks.has(w)) weeks.set(w, (weeks.get(w) ?? 0) + pages);
    const m = day.slice(0, 7);
    if (months.has(m)) months.set(m, (months.get(m) ?? 0) + pages);
  }
  return {
    weeks: [...weeks].map(([start, pages]) => ({ start, pages })),
    months: [...months].map(([month, pages]) => ({ month, pages })),
  };
}

/** The day with the most pages (the earliest on a tie), or null. */
export function busiestDay(pagesPerDay: Readonly<Record<string, number>>) {
  let best: { day: string; pages: number } | null = null;
  for (const [day, pages] of Object.entries(pagesPerDay)) {
    if (!best || pages > best.pages || (pages === best.pages && day < best.day)) {
      best = { day, pages };
    }
  }
  return best;
}

export const GOAL_KINDS = ['books', 'pages'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** Limits of a yearly goal, by kind. */
export const GOAL_LIMITS: Record<GoalKind, { min: number; max: number }> = {
  books: { min: 1, max: 500 },
  pages: { min: 30, max: 200_000 },
};

/** Progress towards a yearly goal: percent capped at 100, and whether it is on schedule. */
export function goalProgress(x: { target: number; done: number; today: string }) {
  const year = Number(x.today.slice(0, 4));
  const daysInYear = daysBetween(`${year}-01-01`, `${year + 1}-01-01`);
  const elapsed = daysBetween(`${year}-01-01`, x.today) + 1;
  const expected = Math.floor((x.target * elapsed) / daysInYear);
  return {
    percent: x.target > 0 ? Math.min(100, Math.floor((x.done / x.target) * 100)) : 0,
    onTrack: x.done >= expected,
    expected,
  };
}
