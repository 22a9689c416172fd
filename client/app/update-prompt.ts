import { offlineMessages } from '../../domain/messages/offline';

/**
 * The 'Nouvelle version disponible' prompt: a small banner at the bottom of the screen, built
 * with the DOM rather than React or the toasts (which are not on the landing page), so the
 * service worker's chunk stays tiny and the entry's chunks keep their shape. Polite live region:
 * announced without stealing focus; the button is reachable with the keyboard.
 */
export function showUpdatePrompt(onReload: () => void): void {
  if (document.getElementById('lisons-update')) return;
  const banner = document.createElement('div');
  banner.id = 'lisons-update';
  banner.setAttribute('role', 'status');
  banner.className =
    'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm items-center justify-between gap-3 rounded-xl border border-line bg-paper px-4 py-3 text-sm text-ink shadow-lg';
  const text = document.createElement('span');
  text.textContent = offlineMessages.updateAvailable;
  const button = document.createElement('button');
  button.type = 'button';
  button.className =
    'rounded-lg bg-accent px-3 py-1.5 font-semibold text-paper hover:bg-accent-strong disabled:opacity-60';
  button.textContent = offlineMessages.updateAction;
  button.addEventListener('click', () => {
    button.disabled = true;
    onReload();
  });
  banner.append(text, button);
  document.body.append(banner);
}
