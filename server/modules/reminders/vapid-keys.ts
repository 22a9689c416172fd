import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getOrCreateSetting } from '../settings';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The keys the reminders are signed with (decision 032): from the configuration, else a pair
 * generated once and kept in app_settings, so every process (and every restart) signs with
 * the same one and the browsers' subscriptions stay valid.
 */
export async function vapidKeys(
  db: Db,
  config: Pick<Config, 'vapid' | 'publicUrl'>,
): Promise<VapidKeys> {
  const subject = config.vapid.subject ?? subjectOf(config.publicUrl);
  const { publicKey, privateKey } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const stored = JSON.parse(
    await getOrCreateSetting(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as { publicKey: string; privateKey: string };
  return { ...stored, subject };
}

// Push services want a way to reach the sender: the site's address when it is https.
function subjectOf(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? publicUrl : 'mailto:bonjour@lisons.app';
}
