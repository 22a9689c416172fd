import { Agent } from 'node:https';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderMessages as m } from '../../../domain/messages/reminders';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader, type Reader } from '../../test/factories';
import { runSchedule } from '../../test/jobs';
import { pushEndpoint } from '../../test/push-endpoint';
import { validateAt } from '../../test/validations';
import { DAILY_REMINDERS, sendDueReminders } from './due-reminders';
import { createPushSender } from './reminder-push';
import { createRemindersRepository } from './reminders.repository';
import { vapidKeys } from './vapid-keys';

// Web Push reminders (decision 032) against a local push service that decrypts
// what it receives with the browser's keys (server/test/push-endpoint.ts).

describe('daily reading reminders by Web Push', () => {
  let t: TestApp;
  const push = pushEndpoint();
  beforeAll(async () => {
    await push.start();
    t = await buildTestApp();
    await t.app.ready();
  });
  afterAll(async () => {
    push.stop();
    await t.close();
  });

  const reminders = () => createRemindersRepository({ db: t.database.db });
  const sendAt = async (at: string) =>
    sendDueReminders(
      {
        reminders: reminders(),
        send: createPushSender(await vapidKeys(t.database.db, loadConfig({ NODE_ENV: 'test' })), {
          agent: new Agent({ ca: push.cert }),
        }),
      },
      new Date(at),
    );
  const subscribed = async (who: Reader, id: string, settings: object) => {
    expect(
      (await callAs(t.app, who).put('/api/reminders/push-subscription', push.subscription(id)))
        .statusCode,
    ).toBe(200);
    const res = await callAs(t.app, who).put('/api/reminders/settings', settings);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('hands out one VAPID public key, kept in the database for every process', async () => {
    const reader = await createReader(t.app);
    const first = await callAs(t.app, reader).get('/api/reminders/push-key');
    expect(first.statusCode).toBe(200);
    expect(first.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const { rows } = await t.database.db.execute<{ value: string }>(
      sql`select value from app_settings where key = 'vapid_keys'`,
    );
    expect(JSON.parse(rows[0]?.value ?? '{}').publicKey).toBe(first.json().publicKey);
    expect((await callAs(t.app, reader).get('/api/reminders/push-key')).json()).toEqual(
      first.json(),
    );
  });

  it('the configured keys win over the stored ones', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
      VAPID_SUBJECT: 'mailto:bonjour@lisons.app',
    });
    expect(await vapidKeys(t.database.db, config)).toEqual({
      publicKey: 'B'.repeat(87),
      privateKey: 'p'.repeat(43),
      subject: 'mailto:bonjour@lisons.app',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
  });

  it('refuses endpoints that are not a push service, bad hours and zones, in French; nothing saved', async () => {
    const reader = await createReader(t.app);
    const elsewhere = { ...push.subscription('x'), endpoint: 'https://exemple.fr/collect' };
    const refused = await callAs(t.app, reader).put('/api/reminders/push-subscription', elsewhere);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(m.badEndpoint);
    const plain = { ...push.subscription('y'), endpoint: 'http://localhost/push/y' };
    expect(
      (await callAs(t.app, reader).put('/api/reminders/push-subscription', plain)).statusCode,
    ).toBe(400);

    const noDevice = await callAs(t.app, reader).put('/api/reminders/settings', {
      enabled: true,
      time: '20:00',
      timeZone: 'Europe/Paris',
    });
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().error.message).toBe(m.noSubscription);
    const late = await callAs(t.app, reader).put('/api/reminders/settings', {
      enabled: false,
      time: '23:00',
      timeZone: 'Europe/Paris',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(m.badTime);
    const nowhere = await callAs(t.app, reader).put('/api/reminders/settings', {
      enabled: false,
      time: '20:00',
      timeZone: 'Mars/Olympus',
    });
    expect(nowhere.json().error.message).toBe(m.badTimeZone);

    const state = await callAs(t.app, reader).get('/api/reminders/settings');
    expect(state.json()).toEqual({
      enabled: false,
      time: '20:00',
      timeZone: 'Europe/Paris',
      devices: 0,
    });
  });

  it('sends the reminder at the chosen hour in the reader’s zone, once, decrypted by the browser', async () => {
    const reader = await createReader(t.app);
    await subscribed(reader, 'montreal', {
      enabled: true,
      time: '21:00',
      timeZone: 'America/Toronto',
    });
    expect((await callAs(t.app, reader).get('/api/reminders/settings')).json()).toEqual({
      enabled: true,
      time: '21:00',
      timeZone: 'America/Toronto',
      devices: 1,
    });
    // 20:55 in Toronto (UTC−5 in November): not yet.
    await sendAt('2026-11-25T01:55:00Z');
    expect(push.received.filter((p) => p.path === '/push/montreal')).toHaveLength(0);
    // 21:00 there.
    expect((await sendAt('2026-11-25T02:00:00Z')).sent).toBeGreaterThanOrEqual(1);
    const mine = push.received.filter((p) => p.path === '/push/montreal');
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]?.text ?? '{}')).toEqual({
      title: 'Lisons',
      body: '20 minutes de lecture ce soir',
      url: '/home',
      tag: 'lisons-reminder',
    });
    expect(mine[0]?.headers['content-encoding']).toBe('aes128gcm');
    const publicKey = (await callAs(t.app, reader).get('/api/reminders/push-key')).json().publicKey;
    expect(mine[0]?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    // The next runs that evening: already sent.
    await sendAt('2026-11-25T02:05:00Z');
    await sendAt('2026-11-25T02:30:00Z');
    expect(push.received.filter((p) => p.path === '/push/montreal')).toHaveLength(1);
    // The next evening, again.
    await sendAt('2026-11-26T02:00:00Z');
    expect(push.received.filter((p) => p.path === '/push/montreal')).toHaveLength(2);
  });

  it('is skipped on a day the reader already validated, and off means off', async () => {
    const reader = await createReader(t.app);
    await subscribed(reader, 'lu', { enabled: true, time: '18:00', timeZone: 'Europe/Paris' });
    // Validated at 09:00 Paris on 1 December; the 18:00 reminder that day is not sent.
    await validateAt(t.database.db, reader.id, ['2026-12-01T08:00:00Z']);
    await sendAt('2026-12-01T17:00:00Z');
    expect(push.received.filter((p) => p.path === '/push/lu')).toHaveLength(0);
    // The next day, without a validation, it is.
    await sendAt('2026-12-02T17:00:00Z');
    expect(push.received.filter((p) => p.path === '/push/lu')).toHaveLength(1);

    await callAs(t.app, reader).put('/api/reminders/settings', {
      enabled: false,
      time: '18:00',
      timeZone: 'Europe/Paris',
    });
    await sendAt('2026-12-03T17:00:00Z');
    expect(push.received.filter((p) => p.path === '/push/lu')).toHaveLength(1);
  });

  it('forgets a subscription the push service says is gone; unsubscribing removes it too', async () => {
    const reader = await createReader(t.app);
    await subscribed(reader, 'parti', { enabled: true, time: '22:00', timeZone: 'Europe/Paris' });
    const other = push.subscription('autre');
    expect(
      (await callAs(t.app, reader).put('/api/reminders/push-subscription', other)).statusCode,
    ).toBe(200);
    push.gone('parti');
    const run = await sendAt('2026-12-04T21:00:00Z');
    expect(run.gone).toBeGreaterThanOrEqual(1);
    expect((await callAs(t.app, reader).get('/api/reminders/settings')).json().devices).toBe(1);
    expect(push.received.filter((p) => p.path === '/push/autre')).toHaveLength(1);

    const res = await callAs(t.app, reader).delete('/api/reminders/push-subscription', {
      endpoint: other.endpoint,
    });
    expect(res.json().message).toBe(m.unsubscribed);
    expect((await callAs(t.app, reader).get('/api/reminders/settings')).json().devices).toBe(0);
  });

  it('runs every five minutes through the job queue, once per occurrence', async () => {
    // Nobody due at this instant: the schedule's job completes (runSchedule fails on an error).
    await runSchedule(t, DAILY_REMINDERS, new Date('2026-12-10T10:05:00Z'));
  });

  it('needs a signed-in reader', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reminders/settings' });
    expect(res.statusCode).toBe(401);
  });
});
