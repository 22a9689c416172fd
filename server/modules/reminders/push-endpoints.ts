/**
 * The push services a browser may hand us an endpoint on (Chrome and Android, Firefox,
 * Edge, Safari). The server sends requests to these addresses: any other host is refused,
 * so a subscription cannot make it call an address of the reader's choosing.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** True for an https endpoint on a known push service (or on this machine, outside production). */
export function isPushEndpoint(value: string, options: { allowLocal: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (options.allowLocal && (host === 'localhost' || host === '127.0.0.1')) return true;
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}
