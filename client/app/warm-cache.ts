import { useEffect } from 'react';
import type { ServiceWorkerMessage } from '../../domain/offline-cache';

/**
 * Home asks the service worker to keep the reader's list and books for offline use (WARM_CACHE,
 * docs/architecture.md#reminders-and-the-offline-app), once per visit of the screen. Nothing
 * happens without a service worker (development, the native app, an old browser).
 */
export function useWarmCache(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    void navigator.serviceWorker.ready.then((registration) => {
      if (cancelled) return;
      const message: ServiceWorkerMessage = { type: 'WARM_CACHE' };
      registration.active?.postMessage(message);
    });
    return () => {
      cancelled = true;
    };
  }, []);
}

/** The same, as a component for screens that render it next to their content. */
export function WarmCache(): null {
  useWarmCache();
  return null;
}
