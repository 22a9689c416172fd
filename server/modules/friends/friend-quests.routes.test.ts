import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_QUEST_TARGET, FRIEND_QUEST_XP } from '../../../domain/friends';
import type { FriendsOverview } from '../../../domain/friends.schemas';
import { friendsMessages as m } from '../../../domain/messages/friends';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';

// The weekly friend quest through the real routes and answers (decision 055): proposed,
// accepted, met by the segments of both, both paid once; one a week; bad input refused.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  await t.app.ready();
});
afterAll(() => t.close());

const as = (reader: Reader) => callAs(t.app, reader);
const readers = (n: number) => Promise.all(Array.from({ length: n }, () => createReader(t.app)));

function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
}

async function mutual(a: Reader, b: Reader) {
  await as(a).put(`/api/follows/${b.id}`);
  await as(b).put(`/api/follows/${a.id}`);
}

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
  shelf.next += 1;
  const body = res.json() as { xpGained: number; rewards: { xp: number } };
  // What the answer paid beyond the segment's 10 XP and its own badges and quests.
  return { ...body, friendXp: body.xpGained - 10 - body.rewards.xp };
}

async function overview(reader: Reader): Promise<FriendsOverview> {
  return (await as(reader).get('/api/me/friends')).json();
}

async function propose(a: Reader, b: Reader): Promise<string> {
  const res = await as(a).post('/api/friend-quests', { readerId: b.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const questXp = async (reader: Reader) =>
  (
    await t.database.db.execute<{ n: number; total: number }>(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as total from xp_events
          where user_id = ${reader.id} and reason = 'friend_quest'`,
    )
  ).rows[0];

describe('the weekly friend quest', () => {
  it('is met by the segments of both, and pays both readers once', async () => {
    const [a, b] = (await readers(2)) as [Reader, Reader];
    await mutual(a, b);
    // Segments before the quest starts do not count.
    await read(a);
    const id = await propose(a, b);
    expect((await overview(b)).quest.received.map((q) => q.reader.id)).toEqual([a.id]);
    const invited = (await as(b).get('/api/notifications')).json().items[0];
    expect(invited).toMatchObject({ type: 'friend_quest_invite', actor: { id: a.id } });
    const accepted = await as(b).post(`/api/friend-quests/${id}/accept`);
    expect(accepted.json()).toEqual({ id, status: 'active' });
    const quest = (await overview(a)).quest;
    expect(quest.active).toMatchObject({
      id,
      partner: { id: b.id },
      done: 0,
      target: FRIEND_QUEST_TARGET,
      completedAt: null,
    });
    expect(quest.received).toEqual([]);

    // Six segments between the two: the sixth pays both, and its answer says so.
    const gains: number[] = [];
    for (let i = 0; i < FRIEND_QUEST_TARGET; i += 1) {
      gains.push((await read(i % 2 === 0 ? a : b)).friendXp);
      if (i < FRIEND_QUEST_TARGET - 1) expect((await overview(a)).quest.active?.done).toBe(i + 1);
    }
    expect(gains).toEqual([0, 0, 0, 0, 0, FRIEND_QUEST_XP]);
    for (const reader of [a, b]) {
      expect(await questXp(reader)).toEqual({ n: 1, total: FRIEND_QUEST_XP });
      const done = (await overview(reader)).quest.active;
      expect(done?.done).toBe(FRIEND_QUEST_TARGET);
      expect(done?.completedAt).not.toBeNull();
      const told = (await as(reader).get('/api/notifications'))
        .json()
        .items.filter((n: { type: string }) => n.type === 'friend_quest_done');
      expect(told).toHaveLength(1);
      expect(told[0].meta).toEqual({ xp: FRIEND_QUEST_XP });
    }
    // More segments the same week: nothing more.
    await read(a);
    await read(b);
    expect(await questXp(a)).toEqual({ n: 1, total: FRIEND_QUEST_XP });
    expect((await overview(b)).quest.active?.done).toBe(FRIEND_QUEST_TARGET);
  });

  it('is one a week per reader, only between readers who follow each other', async () => {
    const [a, b, c, d] = (await readers(4)) as [Reader, Reader, Reader, Reader];
    await mutual(a, b);
    await mutual(a, c);
    await mutual(b, c);
    await as(a).put(`/api/follows/${d.id}`);
    expectRefused(await as(a).post('/api/friend-quests', { readerId: d.id }), 403, m.notMutual);
    expectRefused(await as(a).post('/api/friend-quests', { readerId: a.id }), 400, m.questSelf);
    const ab = await propose(a, b);
    const ac = await propose(a, c);
    expectRefused(
      await as(a).post('/api/friend-quests', { readerId: b.id }),
      409,
      m.questInvitationPending,
    );
    expectRefused(
      await as(b).post('/api/friend-quests', { readerId: a.id }),
      409,
      m.questInvitedYou,
    );
    const cb = await propose(c, b);
    expect((await as(b).post(`/api/friend-quests/${ab}/accept`)).statusCode).toBe(200);
    // A and B are paired for the week: their other invitations went, new ones are refused.
    expect((await overview(c)).quest.sent).toEqual([]);
    expect((await overview(c)).quest.received).toEqual([]);
    expectRefused(await as(c).post(`/api/friend-quests/${ac}/accept`), 404, m.invitationNotFound);
    expectRefused(await as(b).post(`/api/friend-quests/${cb}/accept`), 404, m.invitationNotFound);
    expectRefused(
      await as(c).post('/api/friend-quests', { readerId: a.id }),
      409,
      m.questTheirsThisWeek,
    );
    expectRefused(
      await as(a).post('/api/friend-quests', { readerId: c.id }),
      409,
      m.questMineThisWeek,
    );
    // A quest under way runs to Sunday night; a third reader cannot touch it.
    expectRefused(await as(a).delete(`/api/friend-quests/${ab}`), 409, m.questStarted);
    expectRefused(await as(c).delete(`/api/friend-quests/${ab}`), 404, m.questNotFound);
    expect((await overview(a)).quest.active?.id).toBe(ab);
  });

  it('can be declined or withdrawn while it waits', async () => {
    const [a, b] = (await readers(2)) as [Reader, Reader];
    await mutual(a, b);
    const first = await propose(a, b);
    expect((await as(b).delete(`/api/friend-quests/${first}`)).json()).toEqual({ removed: true });
    expect((await overview(a)).quest.sent).toEqual([]);
    // Declined, it may be proposed again (the invitations' rate limit bounds the asking).
    const again = await propose(a, b);
    expect(again).not.toBe(first);
    expect((await as(a).delete(`/api/friend-quests/${again}`)).statusCode).toBe(200);
    // The other way round too, and its author may withdraw it.
    const second = await propose(b, a);
    expect((await as(b).delete(`/api/friend-quests/${second}`)).statusCode).toBe(200);
    expectRefused(
      await as(a).post(`/api/friend-quests/${second}/accept`),
      404,
      m.invitationNotFound,
    );
  });
});
