/** Keys this app keeps in localStorage, all prefixed 'lisons:'. */
export const storageKeys = {
  onboardingDone: 'lisons:onboarding-done',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// localStorage throws when storage is disabled (some private modes, blocked cookies):
// the app then behaves as if nothing was stored instead of crashing.
export function readFlag(key: StorageKey): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function writeFlag(key: StorageKey): void {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Nothing to do: the flag simply will not survive this visit.
  }
}
