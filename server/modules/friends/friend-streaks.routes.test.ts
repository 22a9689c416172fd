import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FRIEND_STREAKS } from '../../../domain/friends';
import type { FriendsOverview, ReaderFriends } from '../../../domain/friends.schemas';
import { friendsMessages as m } from '../../../domain/messages/friends';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { friendLimits } from './friends.routes';

// Friend streaks through the real routes and the real answer path (decision 055): who may
// start one, what both readers see once both validated, nudges, the sixth one, and other
// readers' ids. Each test makes its own readers.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  await t.app.ready();
});
afterAll(() => t.close());

const as = (reader: Reader) => callAs(t.app, reader);

function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
}

async function mutual(a: Reader, b: Reader) {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const res = await as(x).put(`/api/follows/${y.id}`);
    expect(res.statusCode, res.body).toBe(200);
  }
}

const readers = (n: number) => Promise.all(Array.from({ length: n }, () => createReader(t.app)));

/** Each reader reads their own long book: `read(reader)` validates their next segment. */
const shelves = new Map<string, { bookId: string; next: number }>();
async function read(reader: Reader) {
  let shelf = shelves.get(reader.id);
  if (!shelf) {
    const book = await createBook(t.database.db, { totalPages: 900 });
    await createQuestions(t.database.db, book);
    shelf = { bookId: book.id, next: 1 };
    shelves.set(reader.id, shelf);
  }
  const res = await as(reader).post(`/api/books/${shelf.bookId}/segments/${shelf.next}/answer`, {
    answer: `mot${shelf.next}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().correct).toBe(true);
  shelf.next += 1;
  return res.json();
}

async function overview(reader: Reader): Promise<FriendsOverview> {
  const res = await as(reader).get('/api/me/friends');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function friendsOf(viewer: Reader, reader: Reader): Promise<ReaderFriends> {
  const res = await as(viewer).get(`/api/readers/${reader.id}/friends`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function invite(a: Reader, b: Reader): Promise<string> {
  const res = await as(a).post('/api/friend-streaks', { readerId: b.id });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('pending');
  return res.json().id;
}

async function startStreak(a: Reader, b: Reader): Promise<string> {
  const id = await invite(a, b);
  const res = await as(b).post(`/api/friend-streaks/${id}/accept`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ id, status: 'active' });
  return id;
}

async function notificationsOf(reader: Reader) {
  const res = await as(reader).get('/api/notifications');
  return res.json().items as { type: string; actor: { id: string } | null }[];
}

const streakRows = async () =>
  (
    await t.database.db.execute<{ row: string }>(
      sql`select to_jsonb(f)::text as row from friend_streaks f order by id`,
    )
  ).rows.map((r) => r.row);

describe('a friend streak between two readers who follow each other', () => {
  it('starts by an invitation the friend accepts, and shows 1 day on both profiles once both validated', async () => {
    const [a, b, c] = (await readers(3)) as [Reader, Reader, Reader];
    await mutual(a, b);
    const id = await invite(a, b);
    // B is told, and sees the invitation; A sees it sent.
    expect((await notificationsOf(b)).map((n) => [n.type, n.actor?.id])).toContainEqual([
      'friend_streak_invite',
      a.id,
    ]);
    expect((await overview(b)).received.map((i) => i.reader.id)).toEqual([a.id]);
    expect((await overview(a)).sent.map((i) => i.reader.id)).toEqual([b.id]);
    expect((await friendsOf(a, b)).withMe?.streak).toEqual({ id, status: 'sent', current: 0 });
    expect((await friendsOf(b, a)).withMe?.streak).toEqual({ id, status: 'received', current: 0 });

    await as(b).post(`/api/friend-streaks/${id}/accept`);
    expect((await notificationsOf(a)).map((n) => n.type)).toContain('friend_streak_accepted');
    let mine = (await overview(a)).streaks;
    expect(mine).toMatchObject([{ id, partner: { id: b.id }, current: 0, canNudge: false }]);

    // A reads: not a shared day yet, and A may nudge B.
    await read(a);
    mine = (await overview(a)).streaks;
    expect(mine).toMatchObject([
      { current: 0, meReadToday: true, partnerReadToday: false, canNudge: true },
    ]);
    // B reads: the day is shared, on both sides.
    await read(b);
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const [streak] = (await overview(me)).streaks;
      expect(streak).toMatchObject({
        partner: { id: other.id },
        current: 1,
        best: 1,
        meReadToday: true,
        partnerReadToday: true,
        canNudge: false,
      });
      // Each one's profile, as a third reader sees it.
      expect((await friendsOf(c, me)).streaks).toEqual([
        { partner: expect.objectContaining({ id: other.id }), current: 1 },
      ]);
    }
    expect((await friendsOf(a, b)).withMe).toEqual({
      mutual: true,
      streak: { id, status: 'active', current: 1 },
      quest: null,
    });
    // More segments the same day add nothing.
    await read(b);
    await read(a);
    expect((await overview(a)).streaks[0]?.current).toBe(1);
  });

  it('refuses a reader who does not follow back, oneself, an unknown reader: in French, nothing changed', async () => {
    const [a, d] = (await readers(2)) as [Reader, Reader];
    await as(a).put(`/api/follows/${d.id}`); // A follows D; D does not follow A
    const before = await streakRows();
    expectRefused(await as(a).post('/api/friend-streaks', { readerId: d.id }), 403, m.notMutual);
    expectRefused(await as(d).post('/api/friend-streaks', { readerId: a.id }), 403, m.notMutual);
    expectRefused(await as(a).post('/api/friend-streaks', { readerId: a.id }), 400, m.streakSelf);
    expectRefused(
      await as(a).post('/api/friend-streaks', { readerId: '8d0e6b8e-8a8e-4c52-9c1e-1f0b8d2a3c4d' }),
      404,
      m.readerNotFound,
    );
    expectRefused(
      await as(a).post('/api/friend-streaks', { readerId: 'pas-un-id' }),
      400,
      m.invalidReader,
    );
    expect(await streakRows()).toEqual(before);
    expect((await notificationsOf(d)).map((n) => n.type)).not.toContain('friend_streak_invite');
  });

  it('refuses a second invitation between the same two, and asks the invited one to accept instead', async () => {
    const [a, b] = (await readers(2)) as [Reader, Reader];
    await mutual(a, b);
    const id = await invite(a, b);
    expectRefused(
      await as(a).post('/api/friend-streaks', { readerId: b.id }),
      409,
      m.streakInvitationPending,
    );
    expectRefused(
      await as(b).post('/api/friend-streaks', { readerId: a.id }),
      409,
      m.streakInvitedYou,
    );
    await as(b).post(`/api/friend-streaks/${id}/accept`);
    expectRefused(await as(b).post('/api/friend-streaks', { readerId: a.id }), 409, m.streakExists);
    // Accepting twice, or one's own invitation: not an invitation to accept.
    expectRefused(await as(b).post(`/api/friend-streaks/${id}/accept`), 404, m.invitationNotFound);
  });

  it('refuses a sixth friend streak, invited or accepted, in French, and changes nothing', async () => {
    const [e, g, ...friends] = (await readers(MAX_FRIEND_STREAKS + 3)) as Reader[];
    if (!e || !g) throw new Error('readers');
    for (const friend of [g, ...friends]) await mutual(e, friend);
    // G's invitation to E waits while E fills their five.
    const fromG = await invite(g, e);
    for (const friend of friends.slice(0, MAX_FRIEND_STREAKS)) await invite(e, friend);
    const sixth = friends[MAX_FRIEND_STREAKS] as Reader;
    const before = await streakRows();
    expectRefused(
      await as(e).post('/api/friend-streaks', { readerId: sixth.id }),
      409,
      m.tooManyStreaks,
    );
    expect(await streakRows()).toEqual(before);
    // The five accept: E has five active friend streaks, and G's invitation cannot make six.
    const invited = (await overview(e)).sent;
    for (const invitation of invited) {
      const friend = friends.find((f) => f.id === invitation.reader.id) as Reader;
      const res = await as(friend).post(`/api/friend-streaks/${invitation.id}/accept`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await overview(e)).streaks).toHaveLength(MAX_FRIEND_STREAKS);
    const full = await streakRows();
    expectRefused(await as(e).post(`/api/friend-streaks/${fromG}/accept`), 409, m.tooManyStreaks);
    // The sixth, from the other side: inviting a reader who has five.
    expectRefused(
      await as(sixth).post('/api/friend-streaks', { readerId: e.id }),
      409,
      m.theyHaveTooMany,
    );
    expect(await streakRows()).toEqual(full);
    // Ending one frees a place.
    const ended = (await overview(e)).streaks[0]?.id;
    expect((await as(e).delete(`/api/friend-streaks/${ended}`)).json()).toEqual({ removed: true });
    expect((await as(e).post(`/api/friend-streaks/${fromG}/accept`)).statusCode).toBe(200);
  });
});

describe('nudges', () => {
  it('are sent once a day, by a reader who read to a friend who has not', async () => {
    const [a, b] = (await readers(2)) as [Reader, Reader];
    await mutual(a, b);
    const id = await startStreak(a, b);
    const nudge = (from: Reader) => as(from).post(`/api/friend-streaks/${id}/nudge`);
    expectRefused(await nudge(a), 409, m.nudgeReadFirst);
    await read(a);
    const sent = await nudge(a);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().nudgedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const told = (await notificationsOf(b)).filter((n) => n.type === 'friend_streak_nudge');
    expect(told.map((n) => n.actor?.id)).toEqual([a.id]);
    expectRefused(await nudge(a), 409, m.nudgeAlreadySent);
    expect((await overview(a)).streaks[0]).toMatchObject({ nudgedToday: true, canNudge: false });
    // B has not read: B may not nudge A, who read.
    expectRefused(await nudge(b), 409, m.nudgeReadFirst);
    await read(b);
    expectRefused(await nudge(b), 409, m.nudgeAlreadyRead);
    expect((await notificationsOf(b)).filter((n) => n.type === 'friend_streak_nudge')).toHaveLength(
      1,
    );
  });

  it('are limited per reader, with a French 429', async () => {
    const [a] = (await readers(1)) as [Reader];
    const unknown = '2f0e6b8e-8a8e-4c52-9c1e-1f0b8d2a3c4d';
    for (let i = 0; i < friendLimits.nudges.limit; i += 1) {
      expect((await as(a).post(`/api/friend-streaks/${unknown}/nudge`)).statusCode).toBe(404);
    }
    const over = await as(a).post(`/api/friend-streaks/${unknown}/nudge`);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(over.json().error.message).toMatch(/réessa/i);
  });

  it('limit invitations too, refused ones included', async () => {
    const [a, b] = (await readers(2)) as [Reader, Reader];
    for (let i = 0; i < friendLimits.invitations.limit; i += 1) {
      expect((await as(a).post('/api/friend-streaks', { readerId: b.id })).statusCode).toBe(403);
    }
    const over = await as(a).post('/api/friend-streaks', { readerId: b.id });
    expect(over.statusCode).toBe(429);
    // Friend quests share the invitations' count.
    expect((await as(a).post('/api/friend-quests', { readerId: b.id })).statusCode).toBe(429);
  });
});

describe("another reader's friend streak", () => {
  it('cannot be accepted, ended or used to nudge by a third reader, and stays as it was', async () => {
    const [a, b, c] = (await readers(3)) as [Reader, Reader, Reader];
    await mutual(a, b);
    await mutual(a, c);
    const pending = await invite(a, b);
    const [other] = await readers(1);
    if (!other) throw new Error('reader');
    await mutual(b, other);
    const active = await startStreak(b, other);
    const before = await streakRows();
    for (const id of [pending, active]) {
      expectRefused(
        await as(c).post(`/api/friend-streaks/${id}/accept`),
        404,
        m.invitationNotFound,
      );
      expectRefused(await as(c).post(`/api/friend-streaks/${id}/nudge`), 404, m.streakNotFound);
      expectRefused(await as(c).delete(`/api/friend-streaks/${id}`), 404, m.streakNotFound);
    }
    // The inviter cannot accept their own invitation.
    expectRefused(
      await as(a).post(`/api/friend-streaks/${pending}/accept`),
      404,
      m.invitationNotFound,
    );
    expect(await streakRows()).toEqual(before);
  });

  it('declined, withdrawn or ended by one of the two, is gone for both', async () => {
    const [a, b, c] = (await readers(3)) as [Reader, Reader, Reader];
    await mutual(a, b);
    await mutual(a, c);
    const declined = await invite(a, b);
    expect((await as(b).delete(`/api/friend-streaks/${declined}`)).statusCode).toBe(200);
    const withdrawn = await invite(a, c);
    expect((await as(a).delete(`/api/friend-streaks/${withdrawn}`)).statusCode).toBe(200);
    expect((await overview(a)).sent).toEqual([]);
    const ended = await startStreak(a, b);
    expect((await as(b).delete(`/api/friend-streaks/${ended}`)).statusCode).toBe(200);
    expect((await overview(a)).streaks).toEqual([]);
    expect((await friendsOf(c, a)).streaks).toEqual([]);
    expectRefused(await as(a).delete(`/api/friend-streaks/${ended}`), 404, m.streakNotFound);
  });

  it('is hidden at once when one of the two blocks the other, and no nudge crosses the block', async () => {
    const [a, b, c] = (await readers(3)) as [Reader, Reader, Reader];
    await mutual(a, b);
    const id = await startStreak(a, b);
    await read(a);
    expect((await as(b).put(`/api/blocks/${a.id}`)).statusCode).toBe(200);
    expect((await overview(a)).streaks).toEqual([]);
    expect((await friendsOf(c, a)).streaks).toEqual([]);
    expect(await friendsOf(a, b)).toEqual({ streaks: [], withMe: null });
    expectRefused(await as(a).post(`/api/friend-streaks/${id}/nudge`), 404, m.streakNotFound);
    // A new invitation across the block is refused as if B did not exist.
    expectRefused(
      await as(a).post('/api/friend-streaks', { readerId: b.id }),
      404,
      m.readerNotFound,
    );
  });
});
