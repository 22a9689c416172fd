import { afterEach, describe, expect, it } from 'vitest';
import { clearStorageExcept, storageKeys } from './storage';

afterEach(() => window.localStorage.clear());

describe('clearStorageExcept', () => {
  it('empties local storage but for the kept keys', () => {
    window.localStorage.setItem(storageKeys.onboardingDone, '1');
    window.localStorage.setItem('lisons:reminder-time', '21:00');
    window.localStorage.setItem('autre', 'x');
    clearStorageExcept([storageKeys.onboardingDone]);
    expect(window.localStorage.length).toBe(1);
    expect(window.localStorage.getItem(storageKeys.onboardingDone)).toBe('1');
  });

  it('does not create a kept key that was not there', () => {
    window.localStorage.setItem('autre', 'x');
    clearStorageExcept([storageKeys.onboardingDone]);
    expect(window.localStorage.length).toBe(0);
  });
});
