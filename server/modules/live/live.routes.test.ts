import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../domain/messages/accounts';
import { buildTestApp, origin, type TestApp } from '../../test/app';
import { createReader, type Reader } from '../../test/factories';
import { type LiveClient, openLive } from '../../test/live';
import { publishLive } from './live.publish';
import { createLiveRepository } from './live.repository';

// The live channel as a browser tab sees it: a real HTTP stream on a listening server.

describe('the live stream', () => {
  let t: TestApp;
  let base: string;
  const open: LiveClient[] = [];
  const live = async (reader: Reader, options?: Parameters<typeof openLive>[2]) => {
    const client = await openLive(base, reader.cookie, options);
    open.push(client);
    return client;
  };
  const push = (readerId: string, data: object) =>
    publishLive(t.database.db, { reader: readerId }, 'notification', data);

  beforeAll(async () => {
    t = await buildTestApp({ LIVE_HEARTBEAT_SECONDS: '1' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('refuses a visitor with the French sign-in message', async () => {
    const res = await fetch(`${base}/api/live`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe(accountMessages.authRequired);
  });

  it('refuses an unknown room before streaming anything', async () => {
    const reader = await createReader(t.app);
    const res = await fetch(`${base}/api/live?room=nowhere:abc`, {
      headers: { cookie: reader.cookie },
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe("Ce salon n'existe pas.");
    const bad = await fetch(`${base}/api/live?room=${encodeURIComponent('<script>')}`, {
      headers: { cookie: reader.cookie },
    });
    expect(bad.status).toBe(400);
  });

  it('opens as an event stream with a ready frame carrying the newest id', async () => {
    const reader = await createReader(t.app);
    await push(reader.id, { n: 0 });
    const tab = await live(reader);
    expect(tab.status).toBe(200);
    expect(tab.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(tab.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(tab.headers.get('content-encoding')).toBeNull();
    const ready = await tab.next('ready');
    const newest = await t.database.db.execute<{ id: string }>(
      sql`select max(id)::text as id from live_events`,
    );
    expect(ready.id).toBe(newest.rows[0]?.id);
  });

  it("brings each reader their own events, to every tab, and never another's", async () => {
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    const [anaTab, anaOtherTab, benTab] = [await live(ana), await live(ana), await live(ben)];
    await Promise.all([anaTab.next('ready'), anaOtherTab.next('ready'), benTab.next('ready')]);
    await push(ana.id, { for: 'ana' });
    await push(ben.id, { for: 'ben' });
    await anaTab.next('notification', (d) => d.for === 'ana');
    await anaOtherTab.next('notification', (d) => d.for === 'ana');
    await benTab.next('notification', (d) => d.for === 'ben');
    // Ben's event was published after Ana's and has reached Ben: it is not on its way to Ana.
    expect(anaTab.frames.map((f) => f.data)).not.toContainEqual({ for: 'ben' });
    expect(benTab.frames.map((f) => f.data)).not.toContainEqual({ for: 'ana' });
  });

  it('sends nothing of a transaction that rolled back', async () => {
    const reader = await createReader(t.app);
    const tab = await live(reader);
    await tab.next('ready');
    await t.database.db
      .transaction(async (tx) => {
        await publishLive(tx, { reader: reader.id }, 'notification', { n: 'rolled back' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await push(reader.id, { n: 'after' });
    await tab.next('notification', (d) => d.n === 'after');
    expect(tab.frames.map((f) => f.data)).not.toContainEqual({ n: 'rolled back' });
  });

  it('replays what a tab missed when it comes back with Last-Event-ID, then goes on live', async () => {
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    const first = await live(ana);
    await push(ana.id, { n: 1 });
    await first.next('notification', (d) => d.n === 1);
    const seen = first.lastEventId();
    first.close();
    await push(ana.id, { n: 2 });
    await push(ben.id, { n: 'ben' });
    await push(ana.id, { n: 3 });
    const back = await live(ana, { lastEventId: seen ?? '' });
    await back.next('notification', (d) => d.n === 3);
    // Only what she missed, in order (the overlap below Last-Event-ID carries n: 1 again,
    // which the page drops by id: it is the same id).
    const missed = back.frames.filter((f) => f.event === 'notification' && f.id !== seen);
    expect(missed.map((f) => f.data)).toEqual([{ n: 2 }, { n: 3 }]);
    expect(back.frames.some((f) => f.event === 'ready')).toBe(false);
    await push(ana.id, { n: 4 });
    await back.next('notification', (d) => d.n === 4);
    // A tab that opens a new stream itself says where it was with ?after=.
    const reopened = await live(ana, { after: seen ?? '' });
    await reopened.next('notification', (d) => d.n === 4);
  });

  it('says resync when what was missed is no longer kept', async () => {
    const reader = await createReader(t.app);
    const tab = await live(reader);
    await push(reader.id, { n: 'seen' });
    await tab.next('notification', (d) => d.n === 'seen');
    const seen = tab.lastEventId() ?? '';
    tab.close();
    // Everything so far becomes two days old and is purged; one newer event is kept.
    await t.database.db.execute(sql`update live_events set created_at = now() - interval '2 days'`);
    await push(reader.id, { n: 'missed, purged' });
    await t.database.db.execute(sql`update live_events set created_at = now() - interval '2 days'`);
    await push(reader.id, { n: 'kept' });
    await createLiveRepository({ db: t.database.db }).purge(new Date());
    const back = await live(reader, { lastEventId: seen });
    await back.next('resync');
    await push(reader.id, { n: 'live again' });
    await back.next('notification', (d) => d.n === 'live again');
  });

  it('keeps an idle stream open with comment lines', async () => {
    const reader = await createReader(t.app);
    const tab = await live(reader);
    await tab.next('ready');
    await expect.poll(() => tab.comments(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('stops a tab whose reader signed out, and refuses its reconnection', async () => {
    const reader = await createReader(t.app);
    const tab = await live(reader);
    await tab.next('ready');
    const out = await fetch(`${base}/api/auth/sign-out`, {
      method: 'POST',
      headers: { ...origin, cookie: reader.cookie },
    });
    expect(out.status).toBe(200);
    await tab.ended;
    const again = await fetch(`${base}/api/live`, { headers: { cookie: reader.cookie } });
    expect(again.status).toBe(401);
  });

  it('ends every stream when the server shuts down, so browsers reconnect elsewhere', async () => {
    const own = await buildTestApp({}, { database: t.database });
    const ownBase = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const reader = await createReader(own.app);
    const tab = await openLive(ownBase, reader.cookie);
    await tab.next('ready');
    await own.app.close();
    await tab.ended;
  });
});
