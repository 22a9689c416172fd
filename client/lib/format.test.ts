import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFrenchDate, formatNumber, formatRelativeDate } from './format';

const now = Date.parse('2026-03-12T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('format', () => {
  it('writes counts and dates as French does', () => {
    expect(formatNumber(1234)).toBe('1\u202f234');
    expect(formatFrenchDate('2026-03-12T12:00:00.000Z')).toBe('12 mars 2026');
  });

  it('gives the day in Paris on either side of the clock changes', () => {
    // Summer time began on 29 March 2026 and ends on 25 October 2026, at 01:00 UTC.
    expect(formatFrenchDate('2026-03-28T23:30:00.000Z')).toBe('29 mars 2026');
    expect(formatFrenchDate('2026-10-24T22:30:00.000Z')).toBe('25 octobre 2026');
    expect(formatFrenchDate('2026-10-25T22:30:00.000Z')).toBe('25 octobre 2026');
    expect(formatFrenchDate('2026-12-31T23:00:00.000Z')).toBe('1 janvier 2027');
  });

  it('writes every instant from 1996 to 2100 as Intl does in Paris time', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    });
    const from = Date.UTC(1996, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatFrenchDate(iso)).toBe(intl.format(new Date(ms)));
      }),
      { numRuns: 5000 },
    );
    // And the hours around each change, where a wrong rule would show.
    for (let year = 1996; year < 2100; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const ms of [
          change - 23 * 3_600_000 - 1,
          change - 1,
          change,
          change + 22 * 3_600_000,
        ]) {
          expect(formatFrenchDate(new Date(ms).toISOString())).toBe(intl.format(new Date(ms)));
        }
      }
    }
  });

  it.each([
    [10_000, 'maintenant'],
    [5 * 60_000, 'il y a 5 minutes'],
    [3 * 3_600_000, 'il y a 3 heures'],
    [26 * 3_600_000, 'hier'],
    [3 * 86_400_000, 'il y a 3 jours'],
  ])('says how long ago %i ms was: %s', (elapsed, text) => {
    expect(formatRelativeDate(ago(elapsed), now)).toBe(text);
  });

  it('gives the date itself after a week, and "maintenant" for a clock ahead', () => {
    expect(formatRelativeDate(ago(8 * 86_400_000), now)).toBe('4 mars 2026');
    expect(formatRelativeDate(ago(-60_000), now)).toBe('maintenant');
  });
});
