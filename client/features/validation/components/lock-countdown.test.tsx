import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LockCountdown } from './lock-countdown';

const NOW = Date.parse('2026-03-12T18:00:00.000Z');
const inMs = (ms: number) => new Date(NOW + ms).toISOString();
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LockCountdown', () => {
  it('says when the reader may try again, ticking every second', () => {
    render(<LockCountdown lockedUntil={inMs(2 * 60_000 + 2000)} onExpired={() => {}} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('Vous pourrez réessayer dans 2 minutes et 2 secondes');
    tick(1000);
    expect(timer.textContent).toBe('Vous pourrez réessayer dans 2 minutes et 1 seconde');
    tick(1000);
    expect(timer.textContent).toBe('Vous pourrez réessayer dans 2 minutes');
    tick(1000);
    expect(timer.textContent).toBe('Vous pourrez réessayer dans 1 minute et 59 secondes');
  });

  it('shows hours and minutes for a long lock', () => {
    render(<LockCountdown lockedUntil={inMs(3_900_000)} onExpired={() => {}} />);
    expect(screen.getByRole('timer').textContent).toBe(
      'Vous pourrez réessayer dans 1 heure et 5 minutes',
    );
  });

  it('calls onExpired once, at 0', () => {
    const onExpired = vi.fn();
    render(<LockCountdown lockedUntil={inMs(2000)} onExpired={onExpired} />);
    expect(screen.getByRole('timer').textContent).toBe('Vous pourrez réessayer dans 2 secondes');
    tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('Vous pourrez réessayer dans 1 seconde');
    expect(onExpired).not.toHaveBeenCalled();
    tick(1000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    tick(5000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('calls onExpired at once for a lock already over', () => {
    const onExpired = vi.fn();
    render(<LockCountdown lockedUntil={inMs(-1000)} onExpired={onExpired} />);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});
