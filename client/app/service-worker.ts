import type { ServiceWorkerMessage } from '../../domain/offline-cache';
import { showUpdatePrompt } from './update-prompt';

/** Checks for a new deployment this often while a page stays open (and on each return to it). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the service worker (client/sw/sw.ts, decision 032) and offers each new version:
 * a lasting 'Nouvelle version disponible' banner (update-prompt.ts) whose 'Recharger' lets the waiting worker take
 * over, then reloads the page once it controls it. Loaded by main.tsx after the page's `load`
 * event, through a dynamic import: the landing page's JavaScript does not grow. Not in the
 * native app, whose files ship with it.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || isNativeApp()) return;
  const container = navigator.serviceWorker;
  const registration = await container.register('/sw.js', { scope: '/' });
  let accepted = false;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    // Only after the reader asked for it: the first install also changes the controller.
    if (!accepted || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const offer = (worker: ServiceWorker) =>
    showUpdatePrompt(() => {
      accepted = true;
      post(worker, { type: 'SKIP_WAITING' });
    });
  // A version that was already waiting (installed during an earlier visit).
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

function post(worker: ServiceWorker, message: ServiceWorkerMessage) {
  worker.postMessage(message);
}

function isNativeApp(): boolean {
  const capacitor = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}
