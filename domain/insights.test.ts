import { describe, expect, it } from 'vitest';
import {
  addDays,
  busiestDay,
  CALENDAR_WEEKS,
  calendarWeeks,
  goalProgress,
  mondayOf,
  pagesByPeriod,
  projectedFinish,
  recentPace,
} from './insights';

describe('pace', () => {
  it('is pages over the last 28 days, today included, per day', () => {
    const pages = { '2026-11-24': 30, '2026-10-28': 30, '2026-10-27': 300, '2026-11-25': 90 };
    // 27 Oct is 28 days back: outside; 25 Nov is tomorrow: outside.
    expect(recentPace(pages, '2026-11-24')).toBe(2.1);
    expect(recentPace({}, '2026-11-24')).toBe(0);
  });
});

describe('projection', () => {
  it('finishes after ceil(pages left / pace) days', () => {
    expect(projectedFinish({ pagesLeft: 100, pace: 30, today: '2026-11-24' })).toBe('2026-11-28');
    expect(projectedFinish({ pagesLeft: 30, pace: 30, today: '2026-12-31' })).toBe('2027-01-01');
  });
  it('is today with nothing left, and none without a pace', () => {
    expect(projectedFinish({ pagesLeft: 0, pace: 0, today: '2026-11-24' })).toBe('2026-11-24');
    expect(projectedFinish({ pagesLeft: 10, pace: 0, today: '2026-11-24' })).toBeNull();
  });
});

describe('calendar and periods', () => {
  it('has 53 weeks from Monday, ending today', () => {
    const weeks = calendarWeeks({ '2026-11-24': 45 }, '2026-11-24');
    expect(weeks).toHaveLength(CALENDAR_WEEKS);
    expect(weeks[0]?.[0]?.day).toBe(mondayOf(addDays('2026-11-24', -52 * 7)));
    expect(weeks.at(-1)?.at(-1)).toEqual({ day: '2026-11-24', pages: 45, level: 2 });
    expect(weeks.at(-1)).toHaveLength(2); // Monday 23 and Tuesday 24
  });

  it('sums pages per week and month', () => {
    const { weeks, months } = pagesByPeriod(
      { '2026-11-23': 30, '2026-11-24': 10, '2026-11-16': 5, '2026-10-01': 7, '2025-01-01': 9 },
      '2026-11-24',
      { weeks: 2, months: 2 },
    );
    expect(weeks).toEqual([
      { start: '2026-11-16', pages: 5 },
      { start: '2026-11-23', pages: 40 },
    ]);
    expect(months).toEqual([
      { month: '2026-10', pages: 7 },
      { month: '2026-11', pages: 45 },
    ]);
  });

  it('finds the busiest day, the earliest on a tie', () => {
    expect(busiestDay({ '2026-02-02': 60, '2026-01-01': 60, '2026-03-01': 30 })).toEqual({
      day: '2026-01-01',
      pages: 60,
    });
    expect(busiestDay({})).toBeNull();
  });
});

describe('goal progress', () => {
  it('compares what is done with the share of the year gone', () => {
    expect(goalProgress({ target: 12, done: 6, today: '2026-07-01' })).toEqual({
      percent: 50,
      onTrack: true,
      expected: 5,
    });
    expect(goalProgress({ target: 12, done: 13, today: '2026-12-31' }).percent).toBe(100);
    expect(goalProgress({ target: 365, done: 0, today: '2026-01-02' }).onTrack).toBe(false);
  });
});
