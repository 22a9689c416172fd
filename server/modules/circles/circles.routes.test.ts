import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, CIRCLE_MAX_MEMBERS, circleDay } from '../../../domain/circles';
import { circleMessages as m } from '../../../domain/messages/circles';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { grantFlags } from '../../test/security/security-helpers';
import { insertReaders } from '../../test/validations';

// The circles' routes, as a member, a visitor, a stranger and an administrator see them:
// every rule, and every refusal in French with nothing changed.

let t: TestApp;
let ana: Reader;
let bea: Reader;
let carl: Reader;
let book: Awaited<ReturnType<typeof createBook>>;
const today = () => circleDay(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  [ana, bea, carl] = [
    await createReader(t.app),
    await createReader(t.app),
    await createReader(t.app),
  ] as [Reader, Reader, Reader];
  book = await createBook(t.database.db, { title: 'Le Grand Meaulnes', totalPages: 100 });
});
afterAll(() => t.close());

const as = (reader: Reader | null) => callAs(t.app, reader);

/** A refusal as the API promises it: the status, its code, the French message. */
function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
}

/** Every row of the circles' tables, to show that a refusal changed nothing. */
async function snapshot() {
  const rows = async (table: string) =>
    (
      await t.database.db.execute<{ row: string }>(
        sql`select to_jsonb(x)::text as row from ${sql.identifier(table)} x order by 1`,
      )
    ).rows.map((r) => r.row);
  return {
    circles: await rows('circles'),
    members: await rows('circle_members'),
    notifications: await rows('notifications'),
    progress: await rows('reading_progress'),
  };
}

/** A circle started by `reader` through the route (the daily limit on starting one reset first). */
async function startCircle(reader: Reader, overrides: Record<string, unknown> = {}) {
  await t.database.db.execute(sql`delete from rate_limits where key like 'circles:create:%'`);
  const res = await as(reader).post('/api/circles', {
    bookId: book.id,
    name: 'Les lecteurs du jeudi',
    startDay: today(),
    paceDays: 7,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const page = await as(reader).get(`/api/circles/${id}`);
  return { id, code: page.json().circle.inviteCode as string };
}

const listed = async (reader: Reader) =>
  (await as(reader).get('/api/reading-list'))
    .json()
    .items.map((i: { book: { id: string } }) => i.book.id);

describe('starting a circle', () => {
  it('starts one on a published book, its creator first member, the book in their list', async () => {
    const res = await as(ana).post('/api/circles', {
      bookId: book.id,
      name: '  Les   lecteurs du mardi ',
      startDay: today(),
      paceDays: 7,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Cercle «\u00a0Les lecteurs du mardi\u00a0» lancé\u00a0!');
    expect(await listed(ana)).toContain(book.id);
    const page = await as(ana).get(`/api/circles/${res.json().id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      circle: { name: 'Les lecteurs du mardi', paceDays: 7, memberCount: 1, isCreator: true },
      book: { id: book.id, title: 'Le Grand Meaulnes', expectedSegments: 4 },
      today: today(),
      overdue: 0,
      members: [{ reader: { id: ana.id }, isCreator: true, validated: 0, standing: 'on_track' }],
      me: { validated: 0, standing: 'on_track', emailReminders: false },
    });
    expect(page.json().circle.inviteCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(page.json().schedule.map((s: { dueDay: string }) => s.dueDay)).toEqual([
      addDays(today(), 7),
      addDays(today(), 14),
      addDays(today(), 21),
      addDays(today(), 28),
    ]);
  });

  it('refuses bad input in French and writes nothing', async () => {
    const hidden = await createBook(t.database.db, { isPublished: false });
    const before = await snapshot();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ startDay: addDays(today(), -1) }, 400, m.startDayPast],
      [{ startDay: addDays(today(), 91) }, 400, m.startDayTooFar],
      [{ startDay: '2026-02-30' }, 400, m.startDayInvalid],
      [{ name: 'Ab' }, 400, m.nameTooShort],
      [{ name: 'x'.repeat(61) }, 400, m.nameTooLong],
      [{ name: 'Le\u202ecercle' }, 400, m.nameInvisible],
      [{ paceDays: 0 }, 400, m.paceInvalid],
      [{ bookId: '00000000-0000-4000-8000-000000000000' }, 404, m.bookNotFound],
      [{ bookId: hidden.id }, 410, m.bookUnavailable],
    ];
    for (const [patch, status, message] of cases) {
      const res = await as(bea).post('/api/circles', {
        bookId: book.id,
        name: 'Un cercle',
        startDay: today(),
        paceDays: 7,
        ...patch,
      });
      expectRefused(res, status, message);
    }
    const visitor = await as(null).post('/api/circles', {
      bookId: book.id,
      name: 'Un cercle',
      startDay: today(),
      paceDays: 7,
    });
    expect(visitor.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('joining by link', () => {
  it('shows the circle, its book and schedule first, then joins with the book in the list', async () => {
    const { id, code } = await startCircle(ana);
    const preview = await as(bea).get(`/api/circle-invitations/${code}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      circle: { id, name: 'Les lecteurs du jeudi', memberCount: 1, maxMembers: 50 },
      book: { id: book.id },
      membership: 'none',
      full: false,
    });
    expect(preview.json().circle.creator.id).toBe(ana.id);
    expect(preview.json().schedule).toHaveLength(4);
    // The preview shows no member and no code.
    expect(preview.body).not.toContain(code);
    expect(await listed(bea)).not.toContain(book.id);

    const joined = await as(bea).post(`/api/circle-invitations/${code}`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      id,
      message: 'Bienvenue dans le cercle «\u00a0Les lecteurs du jeudi\u00a0»\u00a0!',
    });
    expect(await listed(bea)).toContain(book.id);
    const page = await as(bea).get(`/api/circles/${id}`);
    expect(page.json().circle).toMatchObject({
      memberCount: 2,
      isCreator: false,
      inviteCode: null,
    });
    expect(page.json().members.map((x: { reader: { id: string } }) => x.reader.id)).toEqual([
      ana.id,
      bea.id,
    ]);
    expect((await as(bea).get(`/api/circle-invitations/${code}`)).json().membership).toBe('member');

    const before = await snapshot();
    expectRefused(await as(bea).post(`/api/circle-invitations/${code}`), 409, m.alreadyMember);
    expectRefused(
      await as(bea).get('/api/circle-invitations/abcdefghijklmnopqrstuv'),
      404,
      m.inviteUnknown,
    );
    expectRefused(
      await as(bea).post('/api/circle-invitations/abcdefghijklmnopqrstuv'),
      404,
      m.inviteUnknown,
    );
    expectRefused(
      await as(bea).post('/api/circle-invitations/trop-court'),
      400,
      m.inviteCodeInvalid,
    );
    expect((await as(null).get(`/api/circle-invitations/${code}`)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('lists my circles with where I stand, the next segment due, and who started each', async () => {
    const dora = await createReader(t.app);
    const { id, code } = await startCircle(ana, { name: 'Cercle de Dora' });
    await as(dora).post(`/api/circle-invitations/${code}`);
    const mine = await as(dora).get('/api/circles');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toEqual([
      expect.objectContaining({
        id,
        name: 'Cercle de Dora',
        isCreator: false,
        validated: 0,
        standing: 'on_track',
        nextDue: { segment: 1, dueDay: addDays(today(), 7) },
        creator: expect.objectContaining({ id: ana.id }),
        book: expect.objectContaining({ id: book.id }),
      }),
    ]);
    expect((await as(carl).get('/api/circles')).json().items).toEqual([]);
  });

  it('refuses a full circle, then a closed one, in French, changing nothing', async () => {
    const { id, code } = await startCircle(ana, { name: 'Le cercle plein' });
    const others = await insertReaders(
      t.database.db,
      Array.from({ length: CIRCLE_MAX_MEMBERS - 1 }, () => null),
    );
    for (const reader of others) {
      await t.database.db.execute(
        sql`insert into circle_members (circle_id, reader_id) values (${id}, ${reader})`,
      );
    }
    const before = await snapshot();
    expectRefused(await as(carl).post(`/api/circle-invitations/${code}`), 409, m.full);
    expect((await as(carl).get(`/api/circle-invitations/${code}`)).json()).toMatchObject({
      full: true,
      circle: { memberCount: 50 },
    });
    expect(await snapshot()).toEqual(before);

    // One leaves: a place is free, but the creator closes the circle.
    await t.database.db.execute(
      sql`delete from circle_members where circle_id = ${id} and reader_id = ${others[0] as string}`,
    );
    const closed = await as(ana).post(`/api/circles/${id}/close`);
    expect(closed.json()).toEqual({ message: 'Le cercle «\u00a0Le cercle plein\u00a0» est clos.' });
    const after = await snapshot();
    expectRefused(await as(carl).post(`/api/circle-invitations/${code}`), 409, m.closedJoin);
    expectRefused(await as(ana).post(`/api/circles/${id}/close`), 409, m.alreadyClosed);
    expectRefused(await as(ana).post(`/api/circles/${id}/invite-code`), 409, m.closed);
    expect(await snapshot()).toEqual(after);
    expect((await as(ana).get(`/api/circles/${id}`)).json().circle.closedAt).not.toBeNull();
  });

  it('gives the last place to one of two readers joining at once', async () => {
    const { id, code } = await startCircle(ana, { name: 'La dernière place' });
    const others = await insertReaders(
      t.database.db,
      Array.from({ length: CIRCLE_MAX_MEMBERS - 2 }, () => null),
    );
    for (const reader of others) {
      await t.database.db.execute(
        sql`insert into circle_members (circle_id, reader_id) values (${id}, ${reader})`,
      );
    }
    const [first, second] = [await createReader(t.app), await createReader(t.app)];
    const answers = await Promise.all(
      [first, second].map((reader) => as(reader as Reader).post(`/api/circle-invitations/${code}`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.message).toBe(m.full);
    expect((await as(ana).get(`/api/circles/${id}`)).json().circle.memberCount).toBe(50);
  });

  it('refuses a reader the creator blocked, or who blocked the creator', async () => {
    const { code } = await startCircle(ana, { name: 'Cercle sans Eve' });
    const eve = await createReader(t.app);
    await as(eve).put(`/api/blocks/${ana.id}`);
    const before = await snapshot();
    expectRefused(await as(eve).post(`/api/circle-invitations/${code}`), 403, m.joinRefused);
    expect(await snapshot()).toEqual(before);
  });

  it('opens nothing with an old link once the creator renews it', async () => {
    const { id, code } = await startCircle(ana, { name: 'Cercle au nouveau lien' });
    const renewed = await as(ana).post(`/api/circles/${id}/invite-code`);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().inviteCode as string;
    expect(fresh).not.toBe(code);
    expectRefused(await as(carl).get(`/api/circle-invitations/${code}`), 404, m.inviteUnknown);
    expect((await as(carl).post(`/api/circle-invitations/${fresh}`)).statusCode).toBe(200);
  });
});

describe('a circle is private to its members', () => {
  it('is not there for anyone else, administrators included; their changes change nothing', async () => {
    const { id } = await startCircle(ana, { name: 'Cercle privé 7Q' });
    const admin = await createReader(t.app);
    await grantFlags(t, admin.id);
    const before = await snapshot();
    for (const stranger of [carl, admin]) {
      const api = as(stranger);
      for (const res of [
        await api.get(`/api/circles/${id}`),
        await api.patch(`/api/circles/${id}/membership`, { emailReminders: true }),
        await api.delete(`/api/circles/${id}/membership`),
        await api.delete(`/api/circles/${id}/members/${ana.id}`),
        await api.post(`/api/circles/${id}/close`),
        await api.post(`/api/circles/${id}/invite-code`),
        await api.post(`/api/circles/${id}/invitations`, { readerId: bea.id }),
      ]) {
        expectRefused(res, 404, m.notFound);
        expect(res.body).not.toContain('Cercle privé 7Q');
      }
      expect((await api.get('/api/circles')).body).not.toContain('Cercle privé 7Q');
    }
    expect((await as(null).get(`/api/circles/${id}`)).statusCode).toBe(401);
    expectRefused(await as(carl).get('/api/circles/pas-un-id'), 400, m.circleIdInvalid);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves the creator’s acts to the creator', async () => {
    const { id, code } = await startCircle(ana, { name: 'Cercle d’Ana' });
    await as(bea).post(`/api/circle-invitations/${code}`);
    const before = await snapshot();
    for (const res of [
      await as(bea).post(`/api/circles/${id}/close`),
      await as(bea).delete(`/api/circles/${id}/members/${ana.id}`),
      await as(bea).post(`/api/circles/${id}/invite-code`),
      await as(bea).post(`/api/circles/${id}/invitations`, { readerId: carl.id }),
    ]) {
      expectRefused(res, 403, m.creatorOnly);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('leaving, removing, closing', () => {
  it('lets a member leave and come back by the link; the creator closes instead', async () => {
    const { id, code } = await startCircle(ana, { name: 'Cercle des allers-retours' });
    await as(bea).post(`/api/circle-invitations/${code}`);
    const left = await as(bea).delete(`/api/circles/${id}/membership`);
    expect(left.json()).toEqual({
      message: 'Tu as quitté le cercle «\u00a0Cercle des allers-retours\u00a0».',
    });
    expectRefused(await as(bea).get(`/api/circles/${id}`), 404, m.notFound);
    expect(await listed(bea)).toContain(book.id);
    expect((await as(bea).post(`/api/circle-invitations/${code}`)).statusCode).toBe(200);

    const before = await snapshot();
    expectRefused(await as(ana).delete(`/api/circles/${id}/membership`), 409, m.creatorCannotLeave);
    expectRefused(
      await as(ana).delete(`/api/circles/${id}/members/${ana.id}`),
      409,
      m.cannotRemoveSelf,
    );
    expectRefused(
      await as(ana).delete(`/api/circles/${id}/members/${carl.id}`),
      404,
      m.memberNotFound,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('lets the creator remove a member, who then cannot see it nor come back', async () => {
    const { id, code } = await startCircle(ana, { name: 'Cercle sans retour' });
    await as(carl).post(`/api/circle-invitations/${code}`);
    const removed = await as(ana).delete(`/api/circles/${id}/members/${carl.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toMatch(/a été retiré du cercle\.$/);
    expectRefused(await as(carl).get(`/api/circles/${id}`), 404, m.notFound);
    expect((await as(carl).get('/api/circles')).body).not.toContain('Cercle sans retour');
    expect((await as(carl).get(`/api/circle-invitations/${code}`)).json().membership).toBe(
      'removed',
    );
    const before = await snapshot();
    expectRefused(
      await as(carl).post(`/api/circle-invitations/${code}`),
      403,
      m.removedCannotRejoin,
    );
    expect(await snapshot()).toEqual(before);
    expect((await as(ana).get(`/api/circles/${id}`)).json().circle.memberCount).toBe(1);
  });
});

describe('my e-mail reminders', () => {
  it('are off until I turn them on, in my circle only', async () => {
    const { id, code } = await startCircle(ana, { name: 'Cercle des e-mails' });
    await as(bea).post(`/api/circle-invitations/${code}`);
    const on = await as(bea).patch(`/api/circles/${id}/membership`, { emailReminders: true });
    expect(on.json()).toEqual({ emailReminders: true, message: m.emailRemindersOn });
    expect((await as(bea).get(`/api/circles/${id}`)).json().me.emailReminders).toBe(true);
    expect((await as(ana).get(`/api/circles/${id}`)).json().me.emailReminders).toBe(false);
    expectRefused(
      await as(bea).patch(`/api/circles/${id}/membership`, { emailReminders: 'oui' }),
      400,
      m.preferencesInvalid,
    );
  });
});

describe('inviting the readers I follow', () => {
  it('sends one notification with the link, to a reader I follow only', async () => {
    const { id, code } = await startCircle(ana, { name: 'Cercle des invités' });
    const finn = await createReader(t.app);
    const before = await snapshot();
    expectRefused(
      await as(ana).post(`/api/circles/${id}/invitations`, { readerId: finn.id }),
      403,
      m.inviteNotFollowed,
    );
    expectRefused(
      await as(ana).post(`/api/circles/${id}/invitations`, {
        readerId: '00000000-0000-4000-8000-000000000000',
      }),
      404,
      m.readerIdInvalid,
    );
    expectRefused(
      await as(ana).post(`/api/circles/${id}/invitations`, { readerId: ana.id }),
      409,
      m.inviteSelf,
    );
    expect(await snapshot()).toEqual(before);

    await as(ana).put(`/api/follows/${finn.id}`);
    const invited = await as(ana).post(`/api/circles/${id}/invitations`, { readerId: finn.id });
    expect(invited.statusCode, invited.body).toBe(200);
    const bell = (await as(finn).get('/api/notifications')).json().items;
    const invitation = bell.find((n: { type: string }) => n.type === 'circle_invitation');
    expect(invitation).toMatchObject({
      actor: { id: ana.id },
      book: { id: book.id },
      meta: { circleId: id, code, path: `/cercles/rejoindre/${code}` },
    });
    expect(invitation.meta.msg).toContain('«\u00a0Cercle des invités\u00a0»');
    expectRefused(
      await as(ana).post(`/api/circles/${id}/invitations`, { readerId: finn.id }),
      409,
      m.alreadyInvited,
    );
    await as(finn).post(`/api/circle-invitations/${code}`);
    expectRefused(
      await as(ana).post(`/api/circles/${id}/invitations`, { readerId: finn.id }),
      409,
      m.inviteAlreadyMember,
    );
    // A reader who blocked me is not invited.
    const gus = await createReader(t.app);
    await as(ana).put(`/api/follows/${gus.id}`);
    await as(gus).put(`/api/blocks/${ana.id}`);
    expectRefused(
      await as(ana).post(`/api/circles/${id}/invitations`, { readerId: gus.id }),
      403,
      m.inviteRefused,
    );
  });
});

describe('rate limits', () => {
  it('starts 10 circles a day per reader, then a French 429 that creates nothing', async () => {
    const hugo = await createReader(t.app);
    const start = () =>
      as(hugo).post('/api/circles', {
        bookId: book.id,
        name: 'Cercle en série',
        startDay: today(),
        paceDays: 3,
      });
    for (let i = 0; i < 10; i += 1) expect((await start()).statusCode).toBe(201);
    const over = await start();
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from circles where creator_id = ${hugo.id}`,
    );
    expect(Number(rows[0]?.n)).toBe(10);
  });

  it('joins 20 times an hour per reader, wrong links included', async () => {
    const ivy = await createReader(t.app);
    for (let i = 0; i < 20; i += 1) {
      const res = await as(ivy).post(`/api/circle-invitations/${'a'.repeat(21)}${i % 10}`);
      expect(res.statusCode).toBe(404);
    }
    const { code } = await startCircle(ana, { name: 'Cercle trop tard' });
    const over = await as(ivy).post(`/api/circle-invitations/${code}`);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });
});
