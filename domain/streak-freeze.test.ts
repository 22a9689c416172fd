import { describe, expect, it } from 'vitest';
import { addDays } from './insights';
import { readingDaysOf, streakWithFreezes } from './streak-freeze';

const run = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

describe('streakWithFreezes', () => {
  it('earns a freeze at 7 days and spends it on a missed day: the streak survives', () => {
    const days = [...run('2026-11-01', 7), ...run('2026-11-09', 3)]; // 8 Nov missed
    expect(streakWithFreezes(days, '2026-11-11')).toEqual({
      current: 10,
      best: 10,
      freezes: 0,
      frozenDays: ['2026-11-08'],
    });
  });

  it('ends the streak when a missed day finds no freeze', () => {
    const days = [...run('2026-11-01', 6), ...run('2026-11-08', 2)];
    expect(streakWithFreezes(days, '2026-11-09')).toMatchObject({ current: 2, best: 6 });
  });

  it('holds at most 2 freezes, and two missed days spend both', () => {
    const days = run('2026-10-01', 28);
    expect(streakWithFreezes(days, '2026-10-28').freezes).toBe(2);
    const later = [...days, ...run('2026-10-31', 1)]; // 29 and 30 missed
    expect(streakWithFreezes(later, '2026-10-31')).toMatchObject({
      current: 29,
      freezes: 0,
      frozenDays: ['2026-10-29', '2026-10-30'],
    });
  });

  it('keeps the streak through today, which is not over, and spends for yesterday', () => {
    const days = run('2026-11-01', 7);
    expect(streakWithFreezes(days, '2026-11-08')).toMatchObject({ current: 7, freezes: 1 });
    expect(streakWithFreezes(days, '2026-11-09')).toMatchObject({
      current: 7,
      freezes: 0,
      frozenDays: ['2026-11-08'],
    });
    expect(streakWithFreezes(days, '2026-11-10').current).toBe(0);
  });

  it('spends nothing before the first reading day, and nothing with no streak', () => {
    expect(streakWithFreezes([], '2026-11-10')).toEqual({
      current: 0,
      best: 0,
      freezes: 0,
      frozenDays: [],
    });
  });
});

describe('reading days in Europe/Paris, across midnight and the DST changes', () => {
  const tz = 'Europe/Paris';
  it('counts the short day of 29 March (UTC+1 → UTC+2) once, and 00:01 as the next day', () => {
    const instants = [
      '2026-03-27T22:59:00Z', // 23:59 on the 27th (UTC+1)
      '2026-03-28T23:01:00Z', // 00:01 on the 29th (UTC+1)
      '2026-03-29T21:59:00Z', // 23:59 on the 29th (UTC+2)
      '2026-03-29T22:01:00Z', // 00:01 on the 30th (UTC+2)
    ].map((s) => new Date(s));
    expect(readingDaysOf(instants, tz)).toEqual(['2026-03-27', '2026-03-29', '2026-03-30']);
  });

  it('a freeze bridges the missed 28 March, as counted in Paris time', () => {
    const days = readingDaysOf(
      [
        ...run('2026-03-21', 7).map((d) => new Date(`${d}T22:30:00Z`)), // 23:30 Paris, 21–27
        new Date('2026-03-28T23:30:00Z'), // 00:30 on the 29th in Paris, not the 28th
        new Date('2026-03-29T22:30:00Z'), // 00:30 on the 30th (summer time)
      ],
      tz,
    );
    expect(days.slice(-3)).toEqual(['2026-03-27', '2026-03-29', '2026-03-30']);
    expect(streakWithFreezes(days, '2026-03-30')).toMatchObject({
      current: 9,
      frozenDays: ['2026-03-28'],
    });
  });

  it('counts the long day of 25 October (UTC+2 → UTC+1) once, 23:59 and 00:01 apart', () => {
    const instants = [
      '2026-10-24T22:01:00Z', // 00:01 on the 25th (UTC+2)
      '2026-10-25T22:59:00Z', // 23:59 on the 25th (UTC+1)
      '2026-10-25T23:01:00Z', // 00:01 on the 26th
    ].map((s) => new Date(s));
    expect(readingDaysOf(instants, tz)).toEqual(['2026-10-25', '2026-10-26']);
    expect(streakWithFreezes(readingDaysOf(instants, tz), '2026-10-26').current).toBe(2);
  });
});
