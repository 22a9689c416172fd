import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages as m } from '../../../domain/messages/notifications';
import { NOTIFICATIONS_LIMIT } from '../../../domain/notifications';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { type NewNotification, notify } from './notify';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('the notifications routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const send = (items: NewNotification[]) => t.database.db.transaction((tx) => notify(tx, items));
  const live = async (reader: Reader) =>
    (
      await t.database.db.execute<{ kind: string; data: unknown }>(
        sql`select kind, data from live_events where reader_id = ${reader.id} order by id`,
      )
    ).rows;
  let keys = 0;
  const item = (
    recipient: Reader,
    type: NewNotification['type'],
    extra: Partial<NewNotification> = {},
  ): NewNotification => ({
    recipientId: recipient.id,
    type,
    dedupeKey: `test:${++keys}`,
    ...extra,
  });

  it('asks a visitor to sign in on every notifications route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', `/api/notifications/${UNKNOWN}/read`],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const) {
      const res = await callAs(t.app, null).send(
        method,
        url,
        method === 'PUT' ? { weeklyDigestEmail: true } : undefined,
      );
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    }
  });

  it('lists the reader’s own notifications, newest first, with actor, book and unread counts per tab', async () => {
    const [ana, ben, carl] = [
      await createReader(t.app),
      await createReader(t.app),
      await createReader(t.app),
    ];
    await t.database.db.execute(sql`update users set username = 'Benoît' where id = ${ben.id}`);
    const book = await createBook(t.database.db, { title: 'Bel-Ami' });
    await send([item(ana, 'streak_kept', { meta: { msg: 'Série maintenue. Continue.' } })]);
    await send([item(ana, 'booky_received', { actorId: ben.id, bookId: book.id })]);
    await send([item(ana, 'new_follower', { actorId: ben.id })]);
    await send([item(carl, 'new_follower', { actorId: ben.id })]);

    const res = await callAs(t.app, ana).get('/api/notifications');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toEqual({ all: 3, streaks: 1, social: 2 });
    expect(body.items.map((n: { type: string }) => n.type)).toEqual([
      'new_follower',
      'booky_received',
      'streak_kept',
    ]);
    expect(body.items[1]).toEqual({
      id: expect.any(String),
      type: 'booky_received',
      actor: { id: ben.id, username: 'Benoît', avatarUrl: null },
      book: { id: book.id, title: 'Bel-Ami', slug: book.slug },
      meta: {},
      readAt: null,
      createdAt: expect.any(String),
    });
    expect(body.items[2]).toMatchObject({
      actor: null,
      book: null,
      meta: { msg: 'Série maintenue. Continue.' },
    });
    // What the live channel pushed is exactly what the list shows.
    const pushed = (await live(ana)).map((e) => e.data);
    expect(pushed.reverse()).toEqual(body.items);
  });

  it('answers empty lists and zero counts to a reader with none', async () => {
    const dan = await createReader(t.app);
    const res = await callAs(t.app, dan).get('/api/notifications');
    expect(res.json()).toEqual({ items: [], unread: { all: 0, streaks: 0, social: 0 } });
  });

  it(`returns the latest ${NOTIFICATIONS_LIMIT} only, and counts every unread one`, async () => {
    const eve = await createReader(t.app);
    await send(
      Array.from({ length: NOTIFICATIONS_LIMIT + 5 }, (_, i) =>
        item(eve, 'streak_nudge', { meta: { n: i } }),
      ),
    );
    const body = (await callAs(t.app, eve).get('/api/notifications')).json();
    expect(body.items).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(body.unread).toEqual({
      all: NOTIFICATIONS_LIMIT + 5,
      streaks: NOTIFICATIONS_LIMIT + 5,
      social: 0,
    });
  });

  it('marks one of one’s own as read, idempotently, telling the other tabs once', async () => {
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    await send([item(ana, 'new_follower', { actorId: ben.id }), item(ana, 'streak_lost', {})]);
    const list = (await callAs(t.app, ana).get('/api/notifications')).json();
    const follower = list.items.find((n: { type: string }) => n.type === 'new_follower');

    const first = await callAs(t.app, ana).post(`/api/notifications/${follower.id}/read`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ unread: { all: 1, streaks: 1, social: 0 } });
    const again = await callAs(t.app, ana).post(`/api/notifications/${follower.id}/read`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ unread: { all: 1, streaks: 1, social: 0 } });

    const after = (await callAs(t.app, ana).get('/api/notifications')).json();
    const read = after.items.find((n: { id: string }) => n.id === follower.id);
    expect(read.readAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    const reads = (await live(ana)).filter((e) => e.kind === 'notifications.read');
    expect(reads).toEqual([{ kind: 'notifications.read', data: { ids: [follower.id] } }]);
  });

  it('answers 404 in French for another reader’s notification or an unknown one, and changes nothing', async () => {
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    await send([item(ana, 'streak_kept')]);
    const [mine] = (await callAs(t.app, ana).get('/api/notifications')).json().items;

    for (const id of [mine.id, UNKNOWN]) {
      const res = await callAs(t.app, ben).post(`/api/notifications/${id}/read`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: m.notFound });
    }
    const bad = await callAs(t.app, ana).post('/api/notifications/pas-un-id/read');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(m.notFound);

    expect((await callAs(t.app, ana).get('/api/notifications')).json().unread.all).toBe(1);
    expect((await live(ben)).filter((e) => e.kind === 'notifications.read')).toEqual([]);
  });

  it('marks all as read; a second time changes and tells nothing', async () => {
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    await send([item(ana, 'streak_kept'), item(ana, 'friend_finished', { actorId: ben.id })]);
    await send([item(ben, 'streak_kept')]);

    const res = await callAs(t.app, ana).post('/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: { all: 0, streaks: 0, social: 0 } });
    const again = await callAs(t.app, ana).post('/api/notifications/read-all');
    expect(again.json()).toEqual({ unread: { all: 0, streaks: 0, social: 0 } });

    const reads = (await live(ana)).filter((e) => e.kind === 'notifications.read');
    expect(reads).toEqual([{ kind: 'notifications.read', data: { all: true } }]);
    // Ben's stay unread.
    expect((await callAs(t.app, ben).get('/api/notifications')).json().unread.all).toBe(1);
  });

  it('keeps the weekly digest e-mail off and discussion replies on until the reader changes them', async () => {
    const ana = await createReader(t.app);
    const get = await callAs(t.app, ana).get('/api/notifications/preferences');
    expect(get.json()).toEqual({ weeklyDigestEmail: false, discussionReplies: true });

    const on = await callAs(t.app, ana).put('/api/notifications/preferences', {
      weeklyDigestEmail: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ weeklyDigestEmail: true, discussionReplies: true });
    expect((await callAs(t.app, ana).get('/api/notifications/preferences')).json()).toEqual({
      weeklyDigestEmail: true,
      discussionReplies: true,
    });
    // One choice changed, the other kept.
    const replies = await callAs(t.app, ana).put('/api/notifications/preferences', {
      discussionReplies: false,
    });
    expect(replies.json()).toEqual({ weeklyDigestEmail: true, discussionReplies: false });
    const off = await callAs(t.app, ana).put('/api/notifications/preferences', {
      weeklyDigestEmail: false,
    });
    expect(off.json()).toEqual({ weeklyDigestEmail: false, discussionReplies: false });
    const rows = await t.database.db.execute(
      sql`select weekly_digest_email, discussion_replies from notification_preferences where reader_id = ${ana.id}`,
    );
    expect(rows.rows).toEqual([{ weekly_digest_email: false, discussion_replies: false }]);
  });

  it('refuses a preference that is not yes or no, in French, and keeps the old one', async () => {
    const ana = await createReader(t.app);
    await callAs(t.app, ana).put('/api/notifications/preferences', { weeklyDigestEmail: true });
    for (const payload of [
      {},
      { weeklyDigestEmail: 'oui' },
      { weeklyDigestEmail: null },
      { discussionReplies: 1 },
      { discussionReplies: false, other: true },
    ]) {
      const res = await callAs(t.app, ana).put('/api/notifications/preferences', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toMatch(/oui ou non|non reconnue/);
    }
    expect((await callAs(t.app, ana).get('/api/notifications/preferences')).json()).toEqual({
      weeklyDigestEmail: true,
      discussionReplies: true,
    });
  });
});
