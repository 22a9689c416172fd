import { describe, expect, it } from 'vitest';
import { assertCron, occurrenceAtOrBefore, PARIS } from './schedule-instant';

const at = (cron: string, instant: string) =>
  occurrenceAtOrBefore(cron, PARIS, new Date(instant)).toISOString();

describe('the occurrence a scheduled job stands for', () => {
  it('is the latest at or before the job’s creation, in Paris time', () => {
    expect(at('0 20 * * *', '2026-11-24T19:00:04Z')).toBe('2026-11-24T19:00:00.000Z');
    expect(at('0 20 * * *', '2026-11-24T19:00:00Z')).toBe('2026-11-24T19:00:00.000Z');
    expect(at('0 20 * * *', '2026-11-24T18:59:59.999Z')).toBe('2026-11-23T19:00:00.000Z');
  });

  it('follows the change to summer time (last Sunday of March)', () => {
    // 20:00 in Paris is 19:00 UTC the day before, 18:00 UTC the day of the change.
    expect(at('0 20 * * *', '2026-03-28T19:00:05Z')).toBe('2026-03-28T19:00:00.000Z');
    expect(at('0 20 * * *', '2026-03-29T18:00:05Z')).toBe('2026-03-29T18:00:00.000Z');
    // Midnight before the change is still winter time.
    expect(at('0 0 * * *', '2026-03-28T23:00:02Z')).toBe('2026-03-28T23:00:00.000Z');
    expect(at('0 0 * * *', '2026-03-29T22:00:02Z')).toBe('2026-03-29T22:00:00.000Z');
  });

  it('follows the change back to winter time (last Sunday of October)', () => {
    expect(at('0 0 * * *', '2026-10-24T22:00:01Z')).toBe('2026-10-24T22:00:00.000Z');
    expect(at('0 0 * * *', '2026-10-25T23:00:01Z')).toBe('2026-10-25T23:00:00.000Z');
  });

  it('finds a weekly occurrence days back (Monday 08:00)', () => {
    expect(at('0 8 * * 1', '2026-11-26T10:00:00Z')).toBe('2026-11-23T07:00:00.000Z');
  });

  it('refuses an expression or a time zone the cron pass could not read', () => {
    expect(() => assertCron('0 25 * * *', PARIS)).toThrow();
    expect(() => assertCron('0 8 * * 1', 'Europe/Pariss')).toThrow();
    expect(() => assertCron('0 8 * * 1', PARIS)).not.toThrow();
  });
});
