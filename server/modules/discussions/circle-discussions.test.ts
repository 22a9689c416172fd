import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleDay } from '../../../domain/circles';
import { discussionRoom } from '../../../domain/live';
import { circleMessages } from '../../../domain/messages/circles';
import { discussionMessages as m } from '../../../domain/messages/discussions';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { validateSegments } from '../../test/discussions';
import { createBook, createReader, type Reader } from '../../test/factories';
import { grantFlags } from '../../test/security/security-helpers';
import { discussionRoomGuard } from './discussions.live';

// A reading circle's discussion of a segment (decision 056): the same rule as the book's own
// discussion (the segment validated) and, besides, membership of the circle, in every door:
// its page, its summary, posting, replies, Bookys, reports and the live room. Its posts never
// show in the book's own discussion, nor the book's in it; refusals are French and change
// nothing.

let t: TestApp;
let book: Awaited<ReturnType<typeof createBook>>;
let ana: Reader;
let bea: Reader;
let carl: Reader;
let dan: Reader;
let circleId: string;

const as = (reader: Reader | null) => callAs(t.app, reader);
const page = (reader: Reader, segment: number, circle: string | null = circleId) =>
  as(reader).get(
    `/api/books/${book.slug}/discussions/${segment}${circle ? `?circle=${circle}` : ''}`,
  );
const say = (reader: Reader, segment: number, body: object, circle: string | null = circleId) =>
  as(reader).post(
    `/api/books/${book.slug}/discussions/${segment}${circle ? `?circle=${circle}` : ''}`,
    body,
  );
const summary = (reader: Reader, circle: string | null = circleId) =>
  as(reader).get(`/api/books/${book.slug}/discussions${circle ? `?circle=${circle}` : ''}`);
const contents = (res: LightMyRequestResponse) =>
  (res.json().items as { content: string; replies: { content: string }[] }[]).flatMap((x) => [
    x.content,
    ...x.replies.map((r) => r.content),
  ]);
const postRows = async () =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from segment_posts where book_id = ${book.id}`,
      )
    ).rows[0]?.n,
  );

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  book = await createBook(t.database.db, { totalPages: 90 });
  [ana, bea, carl, dan] = [
    await createReader(t.app),
    await createReader(t.app),
    await createReader(t.app),
    await createReader(t.app),
  ] as [Reader, Reader, Reader, Reader];
  const created = await as(ana).post('/api/circles', {
    bookId: book.id,
    name: 'Le cercle des discussions',
    startDay: circleDay(new Date()),
    paceDays: 3,
  });
  circleId = created.json().id;
  const code = (await as(ana).get(`/api/circles/${circleId}`)).json().circle.inviteCode;
  for (const reader of [bea, dan]) {
    expect((await as(reader).post(`/api/circle-invitations/${code}`)).statusCode).toBe(200);
  }
  // Ana, Bea and Carl (not a member) validated segment 1; Dan (a member) nothing yet.
  for (const reader of [ana, bea, carl]) await validateSegments(t.database.db, reader, book, 1);
});
afterAll(() => t.close());

describe('a circle’s discussion of a segment', () => {
  it('is read and written by its members who validated the segment, apart from the book’s own', async () => {
    const first = await say(ana, 1, { content: 'Entre nous, ce début est lent.' });
    expect(first.statusCode, first.body).toBe(201);
    const reply = await say(bea, 1, { content: 'Je trouve aussi.', parentId: first.json().id });
    expect(reply.statusCode, reply.body).toBe(201);
    const open = await page(bea, 1);
    expect(open.statusCode).toBe(200);
    expect(contents(open)).toEqual(['Entre nous, ce début est lent.', 'Je trouve aussi.']);
    // The book's own discussion: Carl's post there, and nothing of the circle's.
    expect((await say(carl, 1, { content: 'Pour tout le monde.' }, null)).statusCode).toBe(201);
    expect(contents(await page(ana, 1, null))).toEqual(['Pour tout le monde.']);
    expect(contents(await page(carl, 1, null))).toEqual(['Pour tout le monde.']);
    expect(contents(await page(ana, 1))).not.toContain('Pour tout le monde.');
    // Counts: the circle's for its members, the book's for everyone, each its own.
    const mine = (await summary(bea)).json().segments;
    expect(mine[0]).toMatchObject({ segment: 1, open: true, posts: 2, readers: 2 });
    expect(mine[1]).toMatchObject({ segment: 2, open: false, posts: null, readers: 0 });
    const everyone = (await summary(carl, null)).json().segments;
    expect(everyone[0]).toMatchObject({ segment: 1, posts: 1, readers: 1 });
    // Ana is told of Bea's reply, with the circle, never its words.
    const bell = (await as(ana).get('/api/notifications')).json().items;
    const told = bell.find((n: { type: string }) => n.type === 'discussion_reply');
    expect(told.meta).toMatchObject({ segment: 1, circleId });
    expect(JSON.stringify(told)).not.toContain('Je trouve aussi');
    // Its live room is the circle's own.
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from live_events where room = ${discussionRoom(book.id, 1, circleId)}`,
    );
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('does not exist for a reader outside the circle, an administrator included: nothing read, nothing written', async () => {
    const admin = await createReader(t.app);
    await grantFlags(t, admin.id);
    await validateSegments(t.database.db, admin, book, 1);
    const before = await postRows();
    const theirs = (await page(ana, 1)).json().items[0];
    for (const outsider of [carl, admin]) {
      for (const res of [
        await page(outsider, 1),
        await summary(outsider),
        await say(outsider, 1, { content: 'Je m’invite.' }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.message).toBe(circleMessages.notFound);
        expect(res.body).not.toContain('lent');
      }
      for (const res of [
        await as(outsider).get(`/api/discussions/posts/${theirs.id}/replies`),
        await as(outsider).put(`/api/discussions/posts/${theirs.id}/booky`),
        await as(outsider).post(`/api/discussions/posts/${theirs.id}/report`),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.message).toBe(m.accessDenied);
        expect(res.body).not.toContain('Je trouve aussi');
      }
    }
    expect(await postRows()).toBe(before);
    // The live room lets in members who validated the segment only.
    const guard = discussionRoomGuard(t.database.db);
    const key = discussionRoom(book.id, 1, circleId).replace(/^discussion:/, '');
    expect(await guard(carl.id, key)).toBeNull();
    expect(await guard(admin.id, key)).toBeNull();
    expect(await guard(dan.id, key)).toBeNull();
    expect(await guard(bea.id, key)).not.toBeNull();
  });

  it('opens by the same rule to its members: a segment not validated stays closed', async () => {
    const before = await postRows();
    for (const res of [await page(dan, 1), await say(dan, 1, { content: 'Pas encore lu.' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(m.accessDenied);
    }
    expect((await summary(dan)).json().segments[0]).toMatchObject({ open: false, posts: null });
    expect(await postRows()).toBe(before);
  });

  it('keeps the book’s posts and the circle’s apart in replies too', async () => {
    const everyone = (await page(carl, 1, null)).json().items[0];
    const before = await postRows();
    const res = await say(bea, 1, { content: 'Réponse égarée', parentId: everyone.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(m.parentNotFound);
    expect(await postRows()).toBe(before);
  });

  it('is gone for a member removed by the creator, and read-only once the circle is closed', async () => {
    expect((await as(ana).delete(`/api/circles/${circleId}/members/${bea.id}`)).statusCode).toBe(
      200,
    );
    for (const res of [await page(bea, 1), await say(bea, 1, { content: 'Encore moi.' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(circleMessages.notFound);
    }
    expect((await as(ana).post(`/api/circles/${circleId}/close`)).statusCode).toBe(200);
    const before = await postRows();
    const closed = await say(ana, 1, { content: 'Après la fin.' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(circleMessages.closed);
    expect(await postRows()).toBe(before);
    expect(contents(await page(ana, 1))).toContain('Entre nous, ce début est lent.');
  });

  it('refuses a circle that is not a uuid in French', async () => {
    const res = await as(ana).get(`/api/books/${book.slug}/discussions/1?circle=pas-un-cercle`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(circleMessages.circleIdInvalid);
  });
});
