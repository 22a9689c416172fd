import { CronExpressionParser } from 'cron-parser';

/** The time zone every Lisons schedule is written in: readers' days are French days. */
export const PARIS = 'Europe/Paris';

/** Throws on an expression or time zone the schedules' pass could not read. */
export function assertCron(cron: string, timeZone: string): void {
  CronExpressionParser.parse(cron, { tz: timeZone, strict: false }).next();
}

/**
 * The latest occurrence of `cron`, read in `timeZone`, at or before `instant`: the one the
 * schedules' pass claims and puts in its job (decision 046). Daylight-saving changes follow the
 * time zone's rules.
 */
export function occurrenceAtOrBefore(cron: string, timeZone: string, instant: Date): Date {
  const expression = CronExpressionParser.parse(cron, {
    tz: timeZone,
    strict: false,
    // prev() is strictly before its start: one millisecond later keeps an exact match.
    currentDate: new Date(instant.getTime() + 1),
  });
  return expression.prev().toDate();
}
