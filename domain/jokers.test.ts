import { describe, expect, it } from 'vitest';
import { jokersAvailabilityText, jokersRemaining } from './jokers';

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
