import { describe, expect, it } from 'vitest';
import { localTime, monthOf } from './calendar';
import { levelFromXp, levelReached, MAX_LEVEL, nextLevelXp } from './levels';
import { earnedRewards, type RewardFacts, readingMinutes, readingTimeLabel } from './rewards';
import { computeStreaks } from './streaks';

describe('levels', () => {
  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [249, 2],
    [250, 3],
    [499, 3],
    [500, 4],
    [999, 4],
    [1000, 5],
    [25_000, 5],
  ])('%i XP → level %i', (xp, level) => {
    expect(levelFromXp(xp)).toBe(level);
  });

  it('gives the XP where the next level starts, none past the last (decision 018)', () => {
    expect([1, 2, 3, 4].map(nextLevelXp)).toEqual([100, 250, 500, 1000]);
    expect(MAX_LEVEL).toBe(5);
    expect(nextLevelXp(MAX_LEVEL)).toBeNull();
    expect(nextLevelXp(0)).toBeNull();
  });

  it('keeps the next level just above the XP of every level below the last', () => {
    for (const xp of [0, 99, 100, 249, 250, 499, 500, 999]) {
      const next = nextLevelXp(levelFromXp(xp));
      expect(next).not.toBeNull();
      expect(xp).toBeLessThan(next ?? 0);
      expect(levelFromXp(next ?? 0)).toBe(levelFromXp(xp) + 1);
    }
  });

  it('names the level a gain of XP reaches, or null when the level stays', () => {
    expect(levelReached({ before: 95, gained: 10 })).toBe(2);
    expect(levelReached({ before: 100, gained: 10 })).toBeNull();
    expect(levelReached({ before: 90, gained: 200 })).toBe(3); // two levels at once: the last
    expect(levelReached({ before: 995, gained: 10 })).toBe(5);
    expect(levelReached({ before: 1000, gained: 50 })).toBeNull(); // past the highest level
    expect(levelReached({ before: 40, gained: 0 })).toBeNull();
  });
});

describe('local days in Europe/Paris', () => {
  it('puts 23:59 and 00:01 Paris time on different days (winter, UTC+1)', () => {
    expect(localTime(new Date('2026-01-14T22:59:00Z')).day).toBe('2026-01-14');
    expect(localTime(new Date('2026-01-14T23:01:00Z')).day).toBe('2026-01-15');
    expect(localTime(new Date('2026-01-14T23:01:00Z')).hour).toBe(0);
  });

  it('follows summer time (UTC+2)', () => {
    expect(localTime(new Date('2026-07-14T21:59:00Z')).day).toBe('2026-07-14');
    expect(localTime(new Date('2026-07-14T22:01:00Z')).day).toBe('2026-07-15');
  });

  it('gives 6 h local for 04:30 UTC in summer, 5 h in winter (early reader edge)', () => {
    expect(localTime(new Date('2026-07-01T04:30:00Z')).hour).toBe(6);
    expect(localTime(new Date('2026-01-01T04:30:00Z')).hour).toBe(5);
  });

  it('keeps the last day of a month in its month', () => {
    const lastEvening = localTime(new Date('2026-01-31T22:30:00Z')).day;
    expect(lastEvening).toBe('2026-01-31');
    expect(monthOf(lastEvening)).toBe('2026-01');
    expect(monthOf(localTime(new Date('2026-01-31T23:30:00Z')).day)).toBe('2026-02');
  });

  it('uses another time zone when the reader has one', () => {
    expect(localTime(new Date('2026-01-15T03:00:00Z'), 'America/Montreal').day).toBe('2026-01-14');
  });
});

describe('computeStreaks', () => {
  const week = [
    '2026-03-23',
    '2026-03-24',
    '2026-03-25',
    '2026-03-26',
    '2026-03-27',
    '2026-03-28',
    '2026-03-29',
  ];

  it('counts consecutive days, current and best', () => {
    expect(computeStreaks(week, '2026-03-29')).toEqual({ current: 7, best: 7 });
  });

  it('keeps the streak current until the end of the day after the last validation', () => {
    expect(computeStreaks(week, '2026-03-30').current).toBe(7);
    expect(computeStreaks(week, '2026-03-31')).toEqual({ current: 0, best: 7 });
  });

  it('counts across the daylight-saving change (29 March 2026 has 23 hours in Paris)', () => {
    const days = [
      localTime(new Date('2026-03-28T22:30:00Z')).day,
      localTime(new Date('2026-03-29T21:30:00Z')).day,
      localTime(new Date('2026-03-30T21:30:00Z')).day,
    ];
    expect(days).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(computeStreaks(days, '2026-03-30').current).toBe(3);
  });

  it('runs over the end of a month', () => {
    expect(computeStreaks(['2026-01-30', '2026-01-31', '2026-02-01'], '2026-02-01').current).toBe(
      3,
    );
  });

  it('breaks on a missing day and ignores duplicates and order', () => {
    expect(
      computeStreaks(
        ['2026-05-05', '2026-05-01', '2026-05-02', '2026-05-02', '2026-05-04'],
        '2026-05-05',
      ),
    ).toEqual({ current: 2, best: 2 });
  });

  it('is zero for a reader who never validated', () => {
    expect(computeStreaks([], '2026-05-05')).toEqual({ current: 0, best: 0 });
  });
});

describe('earnedRewards', () => {
  const base: RewardFacts = {
    localHour: 12,
    validationsToday: 1,
    validationsThisMonth: 1,
    validationsTotal: 1,
    booksCompleted: 0,
    booksInProgress: 1,
    daysSincePrevious: null,
    currentStreak: 1,
  };

  it('earns nothing for an ordinary validation', () => {
    expect(earnedRewards(base)).toEqual({ badges: [], quests: [] });
  });

  it.each([
    [{ localHour: 6 }, 'early_reader'],
    [{ validationsToday: 3 }, 'triple_valide'],
    [{ booksInProgress: 3 }, 'multi_booker'],
    [{ daysSincePrevious: 7 }, 'back_on_track'],
  ])('%j earns the quest %s', (facts, quest) => {
    expect(earnedRewards({ ...base, ...facts }).quests).toEqual([quest]);
  });

  it.each([
    [{ localHour: 7 }],
    [{ validationsToday: 2 }],
    [{ booksInProgress: 2 }],
    [{ daysSincePrevious: 6 }],
  ])('%j earns no quest', (facts) => {
    expect(earnedRewards({ ...base, ...facts }).quests).toEqual([]);
  });

  it.each([
    [{ booksCompleted: 1 }, 'premier-livre'],
    [{ currentStreak: 7 }, 'serie-7-jours'],
    [{ validationsTotal: 50 }, 'lecteur-assidu'],
    [{ validationsThisMonth: 10 }, 'cadeau-du-mois'],
  ])('%j earns the badge %s', (facts, badge) => {
    expect(earnedRewards({ ...base, ...facts }).badges).toEqual([badge]);
  });

  it('needs 10 validations in the month for the gift, 7 days for the streak, 50 segments for assiduity', () => {
    expect(
      earnedRewards({ ...base, validationsThisMonth: 9, currentStreak: 6, validationsTotal: 49 })
        .badges,
    ).toEqual([]);
  });

  it('computes reading minutes as round(2 × pages / 60)', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(45)).toBe(2);
    expect(readingMinutes(900)).toBe(30);
  });

  it('shows reading time as minutes under one hour, then whole hours (floored), one format for every screen', () => {
    expect(readingTimeLabel(0)).toBe('0\u00a0min');
    expect(readingTimeLabel(12)).toBe('12\u00a0min');
    expect(readingTimeLabel(59)).toBe('59\u00a0min');
    expect(readingTimeLabel(60)).toBe('1\u00a0h');
    expect(readingTimeLabel(125)).toBe('2\u00a0h');
    expect(readingTimeLabel(-3)).toBe('0\u00a0min');
  });
});
