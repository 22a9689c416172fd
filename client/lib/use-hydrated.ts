import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React takes over a page rendered by the server (decision 030), true once it
 * has: the server's snapshot is used for hydration, the browser's for every later render.
 * A control whose click needs React (it opens something) stays disabled until then, so a
 * tap that would be lost is not taken (and end-to-end tests wait for it to be enabled).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
