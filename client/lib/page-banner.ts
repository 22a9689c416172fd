/**
 * A small banner at the bottom of the screen with one button, built with the DOM rather than
 * React or the toasts (which are not on every page, and may be the very code that failed to
 * load), so it shows whatever else is missing. Shown once per `id`; the button is reachable
 * with the keyboard and disables itself when pressed.
 */
export function showPageBanner(banner: {
  id: string;
  /** 'status' is announced politely; 'alert' at once (a failure the reader must act on). */
  role: 'status' | 'alert';
  text: string;
  action: string;
  onAction: () => void;
}): void {
  if (document.getElementById(banner.id)) return;
  const box = document.createElement('div');
  box.id = banner.id;
  box.setAttribute('role', banner.role);
  box.className =
    'fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm items-center justify-between gap-3 rounded-xl border border-line bg-paper px-4 py-3 text-sm text-ink shadow-lg';
  const text = document.createElement('span');
  text.textContent = banner.text;
  const button = document.createElement('button');
  button.type = 'button';
  button.className =
    'shrink-0 rounded-lg bg-accent px-3 py-1.5 font-semibold text-paper hover:bg-accent-strong disabled:opacity-60';
  button.textContent = banner.action;
  button.addEventListener('click', () => {
    button.disabled = true;
    banner.onAction();
  });
  box.append(text, button);
  document.body.append(box);
}
