import { describe, expect, it } from 'vitest';
import { formatRemaining, remainingMs } from './countdown';

const s = 1000;
const min = 60 * s;
const h = 60 * min;

describe('formatRemaining', () => {
  it.each([
    [h + 5 * min, '1 heure et 5 minutes'],
    [h + min, '1 heure et 1 minute'],
    [2 * h + 30 * min, '2 heures et 30 minutes'],
    [2 * h, '2 heures'],
    [h, '1 heure'],
    [h + 59 * s, '1 heure'],
    [25 * h + 10 * min, '25 heures et 10 minutes'],
  ])('hours and minutes: %i ms → %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });

  it.each([
    [2 * min + s, '2 minutes et 1 seconde'],
    [min + s, '1 minute et 1 seconde'],
    [min + 2 * s, '1 minute et 2 secondes'],
    [29 * min + 59 * s, '29 minutes et 59 secondes'],
    [min, '1 minute'],
    [30 * min, '30 minutes'],
    [59 * min + 59 * s + 1, '1 heure'],
  ])('minutes and seconds: %i ms → %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });

  it.each([
    [45 * s, '45 secondes'],
    [2 * s, '2 secondes'],
    [s, '1 seconde'],
    [1, '1 seconde'],
    [1500, '2 secondes'],
    [59 * s, '59 secondes'],
  ])('seconds: %i ms → %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });

  it('says 0 seconde at 0 and for a time already passed or unreadable', () => {
    expect(formatRemaining(0)).toBe('0 seconde');
    expect(formatRemaining(-5000)).toBe('0 seconde');
    expect(formatRemaining(Number.NaN)).toBe('0 seconde');
  });
});

describe('remainingMs', () => {
  const now = Date.parse('2026-03-12T18:00:00.000Z');

  it('is the time until the date, never below 0', () => {
    expect(remainingMs('2026-03-12T18:30:00.000Z', now)).toBe(30 * min);
    expect(remainingMs('2026-03-12T17:59:00.000Z', now)).toBe(0);
    expect(remainingMs('pas une date', now)).toBe(0);
  });
});
