import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_PAGE_SIZE } from '../../../domain/community';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader, type Reader } from '../../test/factories';
import { blocks, follows } from './community.table';
import { encodeCursor } from './cursor';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('follows, blocks and follow lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const follow = (a: Reader, b: Reader | string) =>
    callAs(t.app, a).put(`/api/follows/${typeof b === 'string' ? b : b.id}`);
  const unfollow = (a: Reader, b: Reader) => callAs(t.app, a).delete(`/api/follows/${b.id}`);
  const block = (a: Reader, b: Reader | string) =>
    callAs(t.app, a).put(`/api/blocks/${typeof b === 'string' ? b : b.id}`);
  const followRows = async () =>
    (await t.database.db.select().from(follows)).map((r) => `${r.followerId}>${r.followingId}`);
  const followsBetween = async (a: Reader, b: Reader) =>
    (await followRows()).filter((r) => r === `${a.id}>${b.id}` || r === `${b.id}>${a.id}`);
  const readers = async (n: number) => {
    const list: Reader[] = [];
    for (let i = 0; i < n; i++) list.push(await createReader(t.app));
    return list;
  };

  it('asks a visitor to sign in on every community route', async () => {
    for (const [method, url] of [
      ['PUT', `/api/follows/${UNKNOWN}`],
      ['DELETE', `/api/follows/${UNKNOWN}`],
      ['PUT', `/api/blocks/${UNKNOWN}`],
      ['GET', '/api/blocks'],
      ['GET', `/api/profiles/${UNKNOWN}/followers`],
      ['GET', `/api/profiles/${UNKNOWN}/following`],
    ] as const) {
      const res = await callAs(t.app, null).send(method, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    }
  });

  it('follows once however many times asked, and unfollows idempotently', async () => {
    const [ana, ben] = (await readers(2)) as [Reader, Reader];
    const first = await follow(ana, ben);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ following: true, followers: 1 });
    const again = await follow(ana, ben);
    expect(again.json()).toEqual({ following: true, followers: 1 });
    expect(await followsBetween(ana, ben)).toEqual([`${ana.id}>${ben.id}`]);

    const parallel = await Promise.all(Array.from({ length: 5 }, () => follow(ana, ben)));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await followsBetween(ana, ben)).toHaveLength(1);

    const off = await unfollow(ana, ben);
    expect(off.json()).toEqual({ following: false, followers: 0 });
    const offAgain = await unfollow(ana, ben);
    expect(offAgain.statusCode).toBe(200);
    expect(offAgain.json()).toEqual({ following: false, followers: 0 });
    expect(await followsBetween(ana, ben)).toEqual([]);
  });

  it('refuses to follow or block oneself, in French, and writes nothing', async () => {
    const [ana] = (await readers(1)) as [Reader];
    const before = await followRows();
    const res = await follow(ana, ana);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Tu ne peux pas te suivre toi-même.',
    });
    const self = await block(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Tu ne peux pas te bloquer toi-même.');
    expect(await followRows()).toEqual(before);
    expect(await t.database.db.select().from(blocks)).not.toContainEqual(
      expect.objectContaining({ blockerId: ana.id }),
    );
  });

  it('answers an unknown reader with 404 and a malformed id with 400, in French', async () => {
    const [ana] = (await readers(1)) as [Reader];
    for (const res of [
      await follow(ana, UNKNOWN),
      await block(ana, UNKNOWN),
      await callAs(t.app, ana).get(`/api/profiles/${UNKNOWN}/followers`),
      await callAs(t.app, ana).get(`/api/profiles/${UNKNOWN}/following`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("Ce lecteur n'existe pas.");
    }
    const bad = await follow(ana, 'pas-un-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Ce lecteur n'existe pas.");
  });

  it('blocking ends follows both ways, and neither can follow the other until unblocked', async () => {
    const [ana, ben] = (await readers(2)) as [Reader, Reader];
    await follow(ana, ben);
    await follow(ben, ana);
    expect(await followsBetween(ana, ben)).toHaveLength(2);

    const res = await block(ana, ben);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blocked: true });
    expect((await block(ana, ben)).json()).toEqual({ blocked: true });
    expect(await followsBetween(ana, ben)).toEqual([]);

    for (const [a, b] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const refused = await follow(a, b);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'FORBIDDEN',
        message: 'Impossible de suivre ce lecteur.',
      });
    }
    expect(await followsBetween(ana, ben)).toEqual([]);

    const mine = await callAs(t.app, ana).get('/api/blocks');
    expect(mine.json()).toEqual({
      items: [{ id: ben.id, username: expect.stringMatching(/^\S+ \d+$/), avatarUrl: null }],
    });
    // Ben is never told who blocked him.
    expect((await callAs(t.app, ben).get('/api/blocks')).json()).toEqual({ items: [] });

    const lifted = await callAs(t.app, ana).delete(`/api/blocks/${ben.id}`);
    expect(lifted.json()).toEqual({ blocked: false });
    expect((await follow(ben, ana)).json()).toEqual({ following: true, followers: 1 });
  });

  it('never leaves a follow beside a block when both are asked at once', async () => {
    const pairs = await readers(8);
    const runs = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const [a, b] = [pairs[i] as Reader, pairs[i + 1] as Reader];
      runs.push(follow(a, b), block(b, a), follow(a, b));
    }
    const results = await Promise.all(runs);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 403)).toBe(true);
    for (let i = 0; i < pairs.length; i += 2) {
      expect(await followsBetween(pairs[i] as Reader, pairs[i + 1] as Reader)).toEqual([]);
    }
  });

  it('lists followers and followings newest first, page by page, with followedByMe', async () => {
    const [star, viewer] = (await readers(2)) as [Reader, Reader];
    // Fans who never sign in: rows are enough. Fan i followed i minutes after 10:00.
    // Raw SQL: the users table is the auth module's (one owner per table).
    const fans = (
      await t.database.db.execute<{ id: string }>(sql`
        insert into users (email)
        select 'fan-' || i || '-' || ${star.id} || '@exemple.fr'
        from generate_series(0, ${FOLLOW_PAGE_SIZE + 1}) i
        order by i
        returning id`)
    ).rows;
    await t.database.db.insert(follows).values(
      fans.map((fan, i) => ({
        followerId: fan.id,
        followingId: star.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 10, i)),
      })),
    );
    await t.database.db
      .insert(follows)
      .values({ followerId: viewer.id, followingId: fans[0]?.id as string });
    const newestFirst = [...fans].reverse().map((f) => f.id);

    const first = await callAs(t.app, viewer).get(`/api/profiles/${star.id}/followers`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(fans.length);
    expect(page1.items.map((i: { id: string }) => i.id)).toEqual(
      newestFirst.slice(0, FOLLOW_PAGE_SIZE),
    );
    expect(page1.nextCursor).toEqual(expect.any(String));

    const second = await callAs(t.app, viewer).get(
      `/api/profiles/${star.id}/followers?cursor=${page1.nextCursor}`,
    );
    const page2 = second.json();
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual(
      newestFirst.slice(FOLLOW_PAGE_SIZE),
    );
    expect(page2.nextCursor).toBeNull();
    expect(page2.total).toBe(fans.length);
    const fan0 = page2.items.find((i: { id: string }) => i.id === fans[0]?.id);
    expect(fan0).toEqual({
      id: fans[0]?.id,
      username: expect.stringMatching(/^\S+ \d+$/),
      avatarUrl: null,
      followedByMe: true,
    });
    expect(page2.items.filter((i: { followedByMe: boolean }) => i.followedByMe)).toHaveLength(1);

    const following = await callAs(t.app, viewer).get(`/api/profiles/${fans[1]?.id}/following`);
    expect(following.json()).toEqual({
      items: [
        {
          id: star.id,
          username: expect.stringMatching(/^\S+ \d+$/),
          avatarUrl: null,
          followedByMe: false,
        },
      ],
      total: 1,
      nextCursor: null,
    });
  });

  it('keeps a row that ties on time with the cursor on the next page', async () => {
    const [star, viewer] = (await readers(2)) as [Reader, Reader];
    // Raw SQL: the users table is the auth module's (one owner per table).
    const fans = (
      await t.database.db.execute<{ id: string }>(sql`
        insert into users (email)
        select 'pareil-' || i || '-' || ${star.id} || '@exemple.fr'
        from generate_series(0, ${FOLLOW_PAGE_SIZE + 2}) i
        order by i
        returning id`)
    ).rows;
    const same = new Date('2026-03-01T08:00:00.123Z');
    await t.database.db
      .insert(follows)
      .values(fans.map((fan) => ({ followerId: fan.id, followingId: star.id, createdAt: same })));
    const page1 = (await callAs(t.app, viewer).get(`/api/profiles/${star.id}/followers`)).json();
    const page2 = (
      await callAs(t.app, viewer).get(
        `/api/profiles/${star.id}/followers?cursor=${page1.nextCursor}`,
      )
    ).json();
    const seen = [...page1.items, ...page2.items].map((i: { id: string }) => i.id);
    expect(new Set(seen).size).toBe(fans.length);
    expect(seen.sort()).toEqual(fans.map((f) => f.id).sort());
  });

  it('leaves readers blocked either way with the viewer out of the lists and totals', async () => {
    const [star, viewer, blockedByViewer, blockerOfViewer, other] = (await readers(5)) as [
      Reader,
      Reader,
      Reader,
      Reader,
      Reader,
    ];
    for (const fan of [blockedByViewer, blockerOfViewer, other]) await follow(fan, star);
    await block(viewer, blockedByViewer);
    await block(blockerOfViewer, viewer);
    const seen = await callAs(t.app, viewer).get(`/api/profiles/${star.id}/followers`);
    expect(seen.json().items.map((i: { id: string }) => i.id)).toEqual([other.id]);
    expect(seen.json().total).toBe(1);
    // Someone else still sees all three.
    const full = await callAs(t.app, other).get(`/api/profiles/${star.id}/followers`);
    expect(full.json().total).toBe(3);
  });

  it('refuses a forged cursor with a French 400', async () => {
    const [ana] = (await readers(1)) as [Reader];
    for (const cursor of [
      'nimportequoi',
      encodeCursor({ at: '2026-02-30T10:00:00.000000Z', id: UNKNOWN }),
      encodeCursor({ at: '2026-01-01T10:00:00.000000Z', id: 'pas-un-id' }),
      'x'.repeat(300),
    ]) {
      const res = await callAs(t.app, ana).get(
        `/api/profiles/${ana.id}/followers?cursor=${cursor}`,
      );
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toBe('Page de résultats invalide.');
    }
  });
});
