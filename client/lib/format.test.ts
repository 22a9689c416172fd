import { describe, expect, it } from 'vitest';
import { formatFrenchDate, formatNumber, formatRelativeDate } from './format';

const now = Date.parse('2026-03-12T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('format', () => {
  it('writes counts and dates as French does', () => {
    expect(formatNumber(1234)).toBe('1\u202f234');
    expect(formatFrenchDate('2026-03-12T12:00:00.000Z')).toBe('12 mars 2026');
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
