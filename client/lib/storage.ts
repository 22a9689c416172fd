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

/**
 * Empties localStorage but for `keep` (docs/architecture.md#accounts: sign-out clears local
 * storage; the onboarding, already seen on this device, is not shown again).
 */
export function clearStorageExcept(keep: readonly StorageKey[]): void {
  try {
    const kept = keep.flatMap((key) => {
      const value = window.localStorage.getItem(key);
      return value === null ? [] : [[key, value] as const];
    });
    window.localStorage.clear();
    for (const [key, value] of kept) window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: there is nothing to clear.
  }
}
