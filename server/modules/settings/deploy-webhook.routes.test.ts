import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployWebhookMessages as m } from '../../../domain/messages/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createReader, type Reader } from '../../test/factories';
import { deployWebhookRoutes } from './deploy-webhook.routes';

const ADMIN = 'admin-deploy@lisons.app';

/** A local https server (self-signed for localhost) that records what it receives. */
function webhookServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-webhook-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const received: { path: string; body: string }[] = [];
  let status = 200;
  const server = https.createServer(
    { key: fs.readFileSync(path.join(dir, 'key.pem')), cert },
    (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body });
        res.writeHead(status).end('{}');
      });
    },
  );
  return {
    cert,
    received,
    failWith: (code: number) => (status = code),
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    stop: () => {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('the deploy webhook', () => {
  let t: TestApp;
  let admin: Reader;
  let reader: Reader;
  const hook = webhookServer();
  let url: string;
  beforeAll(async () => {
    url = `https://localhost:${await hook.start()}/deploy/secret-token`;
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    // The same routes under a test prefix, trusting the local server's certificate.
    await t.app.register(deployWebhookRoutes, {
      db: t.database.db,
      ca: hook.cert,
      prefix: '/api/t',
    });
    admin = await createAdmin(t, { email: ADMIN });
    reader = await createReader(t.app);
  });
  afterAll(async () => {
    hook.stop();
    await t.close();
  });

  it('says to set the URL first, then refuses one that is not https', async () => {
    const unset = await callAs(t.app, admin).post('/api/admin/deploy-webhook/trigger');
    expect(unset.statusCode).toBe(409);
    expect(unset.json().error.message).toBe(m.notConfigured);
    const plain = await callAs(t.app, admin).put('/api/admin/deploy-webhook', {
      url: 'http://exemple.fr/hook',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.message).toContain(m.httpsOnly);
    const junk = await callAs(t.app, admin).put('/api/admin/deploy-webhook', {
      url: 'pas une url',
    });
    expect(junk.json().error.message).toContain(m.invalidUrl);
    expect((await callAs(t.app, admin).get('/api/admin/deploy-webhook')).json()).toEqual({
      url: null,
    });
  });

  it('stores the URL on the server and POSTs { trigger } to it', async () => {
    const saved = await callAs(t.app, admin).put('/api/admin/deploy-webhook', { url });
    expect(saved.json()).toEqual({ url });
    const res = await callAs(t.app, admin).post('/api/t/api/admin/deploy-webhook/trigger');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.triggered });
    expect(hook.received).toEqual([
      { path: '/deploy/secret-token', body: '{"trigger":"lisons-admin"}' },
    ]);
    // The trail keeps the origin, never the secret path.
    const trail = await t.database.db.execute<{ after: { url: string } }>(
      sql`select after from admin_audit where action like 'webhook.%' order by created_at`,
    );
    expect(JSON.stringify(trail.rows)).not.toContain('secret-token');
  });

  it('says the redeploy failed when the webhook answers an error, or cannot be trusted', async () => {
    hook.failWith(500);
    const failed = await callAs(t.app, admin).post('/api/t/api/admin/deploy-webhook/trigger');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.message).toBe(m.triggerError);
    hook.failWith(200);
    // Without the test's certificate, TLS fails: the same neutral message.
    const untrusted = await callAs(t.app, admin).post('/api/admin/deploy-webhook/trigger');
    expect(untrusted.json().error.message).toBe(m.triggerError);
  });

  it('is for administrators only, and an empty URL removes it', async () => {
    expect((await callAs(t.app, reader).get('/api/admin/deploy-webhook')).statusCode).toBe(403);
    expect((await callAs(t.app, reader).put('/api/admin/deploy-webhook', { url })).statusCode).toBe(
      403,
    );
    expect(
      (await callAs(t.app, admin).put('/api/admin/deploy-webhook', { url: '' })).json(),
    ).toEqual({
      url: null,
    });
  });
});
