import https from 'node:https';
import { eq } from 'drizzle-orm';
import { DEPLOY_TRIGGER } from '../../../domain/deploy-webhook.schemas';
import type { Db } from '../../db/client';
import { recordAdminAction } from '../audit';
import { appSettings } from './settings.table';

// The deploy webhook (docs/architecture.md#back-office): its URL is an app setting, shared by every
// process and never sent to the browser of a non-admin (the spec kept it in local storage). The
// server, not the browser, POSTs to it: no CORS, and the URL (which often carries a secret) stays
// on the server.

const KEY = 'deploy_webhook_url';
const TIMEOUT_MS = 10_000;

/** What the audit trail keeps of a URL: its origin only (the path often holds a secret). */
const masked = (url: string | null) => (url ? `${new URL(url).origin}/…` : null);

export function createDeployWebhook({ db, ca }: { db: Db; ca?: string | Buffer }) {
  const read = async (): Promise<string | null> => {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
    return row?.value ?? null;
  };

  return {
    read,

    /** Stores the URL ('' removes it), with its audit record. */
    async write(adminId: string, url: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(appSettings)
          .where(eq(appSettings.key, KEY))
          .for('update');
        if (url === '') await tx.delete(appSettings).where(eq(appSettings.key, KEY));
        else {
          await tx
            .insert(appSettings)
            .values({ key: KEY, value: url })
            .onConflictDoUpdate({ target: appSettings.key, set: { value: url } });
        }
        await recordAdminAction(tx, {
          adminId,
          action: 'webhook.set',
          entity: 'setting',
          entityId: KEY,
          before: { url: masked(before?.value ?? null) },
          after: { url: masked(url || null) },
        });
        return url || null;
      });
    },

    /**
     * POSTs `{ "trigger": … }` to the stored URL. Answers 'unset' when there is none, or
     * whether the webhook answered 2xx within 10 s. Redirects are not followed.
     */
    async trigger(adminId: string): Promise<'unset' | 'ok' | 'failed'> {
      const url = await read();
      if (!url) return 'unset';
      const ok = await post(url, JSON.stringify(DEPLOY_TRIGGER), ca);
      await recordAdminAction(db, {
        adminId,
        action: 'webhook.trigger',
        entity: 'setting',
        entityId: KEY,
        after: { url: masked(url), ok },
      });
      return ok ? 'ok' : 'failed';
    },
  };
}

function post(url: string, body: string, ca?: string | Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: TIMEOUT_MS,
        ...(ca ? { ca } : {}),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 300);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
    request.end(body);
  });
}

export type DeployWebhookService = ReturnType<typeof createDeployWebhook>;
