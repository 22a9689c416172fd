/// <reference lib="webworker" />

/** The push message the server sends (server/modules/reminders/reminder-push.ts). */
type ReminderPayload = { title: string; body: string; url?: string; tag?: string };

/**
 * Shows a Web Push reminder. The payload comes from our server (encrypted for this browser);
 * one that cannot be read still shows the product's name, as browsers expect a notification
 * for every push.
 */
export async function showReminder(
  registration: ServiceWorkerRegistration,
  text: string | null,
): Promise<void> {
  let payload: ReminderPayload = { title: 'Lisons', body: '' };
  try {
    payload = { ...payload, ...(JSON.parse(text ?? '{}') as Partial<ReminderPayload>) };
  } catch {
    // Not JSON: the text itself is the body.
    payload.body = text ?? '';
  }
  await registration.showNotification(payload.title, {
    body: payload.body,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    lang: 'fr',
    tag: payload.tag ?? 'lisons-reminder',
    data: { url: payload.url ?? '/home' },
  });
}
