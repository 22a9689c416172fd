import { describe, expect, it } from 'vitest';
import { jokerRefusal, jokersAllowed, jokersAvailabilityText, jokersRemaining } from './jokers';

describe('jokers', () => {
  it('says jokers start at 3 segments when the book allows none', () => {
    expect(jokersAvailabilityText({ used: 0, allowed: 0 })).toBe(
      'Jokers disponibles à partir de 3 segments',
    );
  });

  it('gives the jokers left out of those allowed', () => {
    expect(jokersAvailabilityText({ used: 0, allowed: 1 })).toBe('Jokers disponibles : 1 / 1');
    expect(jokersAvailabilityText({ used: 1, allowed: 3 })).toBe('Jokers disponibles : 2 / 3');
  });

  it('says all are used once none is left', () => {
    expect(jokersAvailabilityText({ used: 1, allowed: 1 })).toBe(
      'Tous vos jokers ont été utilisés pour ce livre',
    );
    expect(jokersRemaining({ used: 4, allowed: 2 })).toBe(0);
  });
});

describe('jokers allowed and spent', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 1],
    [9, 1],
    [10, 2],
    [20, 3],
    [64, 7],
  ])('%i segments allow %i jokers', (segments, jokers) => {
    expect(jokersAllowed(segments)).toBe(jokers);
  });

  it('spends a joker only after a wrong answer, within the allowance, on a book of 3+ segments', () => {
    expect(jokerRefusal({ expected: 2, wrongAnswers: 1, used: 0 })?.code).toBe(
      'JOKERS_UNAVAILABLE',
    );
    expect(jokerRefusal({ expected: 10, wrongAnswers: 0, used: 0 })?.code).toBe(
      'JOKER_NOT_OFFERED',
    );
    expect(jokerRefusal({ expected: 10, wrongAnswers: 1, used: 2 })?.message).toBe(
      'Tous vos jokers ont été utilisés pour ce livre',
    );
    expect(jokerRefusal({ expected: 10, wrongAnswers: 1, used: 1 })).toBeNull();
  });
});
