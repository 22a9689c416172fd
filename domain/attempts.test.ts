import { describe, expect, it } from 'vitest';
import { afterWrongAnswer, attemptsLeft, isLocked, lockRefusal, MAX_ATTEMPTS } from './attempts';

const now = new Date('2026-11-23T20:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('attempts and the cooldown lock', () => {
  it('counts three attempts down, then locks for the configured minutes', () => {
    expect(attemptsLeft(null, now)).toBe(MAX_ATTEMPTS);
    const first = afterWrongAnswer(null, { now, lockMinutes: 30 });
    expect(first).toEqual({ wrongCount: 1, lockedUntil: null });
    expect(attemptsLeft(first, now)).toBe(2);
    const third = afterWrongAnswer(afterWrongAnswer(first, { now, lockMinutes: 30 }), {
      now,
      lockMinutes: 30,
    });
    expect(third).toEqual({ wrongCount: 3, lockedUntil: later(30) });
    expect(isLocked(third, now)).toBe(true);
    expect(attemptsLeft(third, now)).toBe(0);
    expect(lockRefusal(third, now)).toEqual({
      code: 'SEGMENT_LOCKED',
      message: 'Nombre maximum de tentatives atteint. Réessayez plus tard.',
      lockedUntil: later(30).toISOString(),
    });
  });

  it('gives a fresh round of three once a lock has ended', () => {
    const ended = { wrongCount: 3, lockedUntil: later(-1) };
    expect(isLocked(ended, now)).toBe(false);
    expect(lockRefusal(ended, now)).toBeNull();
    expect(attemptsLeft(ended, now)).toBe(MAX_ATTEMPTS);
    expect(afterWrongAnswer(ended, { now, lockMinutes: 30 })).toEqual({
      wrongCount: 1,
      lockedUntil: null,
    });
  });
});
