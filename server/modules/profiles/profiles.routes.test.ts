import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';

describe('profiles', () => {
  let t: TestApp;
  let alice: Reader;
  let bruno: Reader;
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createReader(t.app, { email: 'alice@exemple.fr' });
    bruno = await createReader(t.app, { email: 'bruno@exemple.fr' });
  });
  afterAll(() => t.close());

  const patchMe = (reader: Reader | null, payload: object) =>
    callAs(t.app, reader).patch('/api/profiles/me', payload);
  const rowOf = async (id: string) => {
    // Raw SQL: the users table is the auth module's (one owner per table).
    const { rows } = await t.database.db.execute<Record<string, unknown>>(
      sql`select username, email, is_admin as "isAdmin", is_premium as "isPremium",
        premium_since as "premiumSince" from users where id = ${id}`,
    );
    return rows[0];
  };

  it('shows the owner all their fields', async () => {
    const res = await callAs(t.app, alice).get('/api/profiles/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: alice.id,
      email: 'alice@exemple.fr',
      username: expect.stringMatching(/^\S+ \d+$/),
      isAdmin: false,
      isPremium: false,
    });
  });

  it('asks a visitor to sign in, in French', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'AUTH_REQUIRED',
      message: 'Tu dois être connecté pour accéder à cette page.',
    });
  });

  it('lets the owner set a username (trimmed)', async () => {
    const res = await patchMe(alice, { username: '  Alice Martin ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('Alice Martin');
    expect((await rowOf(alice.id))?.username).toBe('Alice Martin');
  });

  it.each([
    ['Al', 'Le nom doit contenir au moins 3 caractères'],
    ['   ab   ', 'Le nom doit contenir au moins 3 caractères'],
    ['x'.repeat(51), 'Le nom est trop long'],
  ])('refuses the username %j with "%s" and keeps the old one', async (username, message) => {
    const res = await patchMe(alice, { username });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await rowOf(alice.id))?.username).toBe('Alice Martin');
  });

  it.each([
    { isAdmin: true },
    { isPremium: true },
    { premiumSince: '2026-01-01T00:00:00.000Z' },
    { username: 'Bruno', isAdmin: true },
    { email: 'autre@exemple.fr' },
  ])('never lets a reader change %j through their profile', async (payload) => {
    const res = await patchMe(bruno, payload);
    expect(res.statusCode).toBe(400);
    const row = await rowOf(bruno.id);
    expect(row).toMatchObject({
      isAdmin: false,
      isPremium: false,
      premiumSince: null,
      username: expect.stringMatching(/^\S+ \d+$/),
      email: 'bruno@exemple.fr',
    });
  });

  const page = (viewer: Reader, id: string) => callAs(t.app, viewer).get(`/api/profiles/${id}`);

  it("shows another reader's page with public fields only: no e-mail, flags or stats", async () => {
    await t.database.db.execute(
      sql`update users set is_admin = true, is_premium = true, premium_since = now() where id = ${alice.id}`,
    );
    t.app.forgetSessions();
    const res = await page(bruno, alice.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'badges',
      'counts',
      'finished',
      'inProgress',
      'isOwner',
      'profile',
      'relation',
      'stats',
    ]);
    expect(body.profile).toEqual({
      id: alice.id,
      username: 'Alice Martin',
      avatarUrl: null,
      createdAt: expect.any(String),
      email: null,
    });
    expect(body).toMatchObject({ isOwner: false, stats: null });
    expect(res.body).not.toContain('alice@exemple.fr');
    expect(res.body).not.toMatch(/isAdmin|isPremium|premiumSince/);
  });

  it('shows the owner their e-mail and the four tiles, and no relation to themselves', async () => {
    const res = await page(alice, alice.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isOwner).toBe(true);
    expect(body.profile.email).toBe('alice@exemple.fr');
    expect(body.stats).toMatchObject({
      booksRead: expect.any(Number),
      segmentsValidated: expect.any(Number),
      readingMinutes: expect.any(Number),
      pagesRead: expect.any(Number),
    });
    expect(body.relation).toEqual({ following: false, followsMe: false, blocked: false });
    expect(res.body).not.toMatch(/isAdmin|isPremium/);
  });

  it('counts followers and says how the viewer relates to the reader', async () => {
    const claire = await createReader(t.app);
    const put = (who: Reader, url: string) => callAs(t.app, who).put(url);
    await put(bruno, `/api/follows/${claire.id}`);
    await put(claire, `/api/follows/${bruno.id}`);
    await put(alice, `/api/follows/${claire.id}`);
    const seen = (await page(bruno, claire.id)).json();
    expect(seen.counts).toEqual({ followers: 2, following: 1 });
    expect(seen.relation).toEqual({ following: true, followsMe: true, blocked: false });

    await put(alice, `/api/blocks/${claire.id}`);
    const blocked = (await page(alice, claire.id)).json();
    expect(blocked.relation).toEqual({ following: false, followsMe: false, blocked: true });
    // Alice's block ended her follow: Claire's followers are Bruno alone.
    expect((await page(bruno, claire.id)).json().counts.followers).toBe(1);
  });

  it('shows 2 books in progress, the 8 last finished with their count, badges newest first', async () => {
    const dora = await createReader(t.app);
    const db = t.database.db;
    const shelf = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createBook(db, { title: `Rayon ${i}`, totalPages: 300 }),
      ),
    );
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
    // Raw SQL: reading_progress and user_badges belong to reading and rewards.
    for (const [i, book] of shelf.slice(0, 3).entries()) {
      await db.execute(sql`insert into reading_progress (user_id, book_id, status, segments_validated, updated_at)
        values (${dora.id}, ${book.id}, 'in_progress', ${i + 1}, ${day(i).toISOString()})`);
    }
    for (const [i, book] of shelf.slice(3).entries()) {
      await db.execute(sql`insert into reading_progress (user_id, book_id, status, segments_validated, completed_at)
        values (${dora.id}, ${book.id}, 'completed', 10, ${day(i).toISOString()})`);
    }
    await db.execute(sql`insert into user_badges (user_id, badge_slug, earned_at) values
      (${dora.id}, 'premier-livre', ${day(1).toISOString()}),
      (${dora.id}, 'lecteur-assidu', ${day(5).toISOString()})`);
    const body = (await page(bruno, dora.id)).json();
    expect(body.inProgress.map((p: { book: { id: string } }) => p.book.id)).toEqual([
      shelf[2]?.id,
      shelf[1]?.id,
    ]);
    expect(body.inProgress[0].progressPercent).toBe(30);
    expect(body.inProgress[0].book).toMatchObject({ title: 'Rayon 2', totalPages: 300 });
    expect(body.finished.count).toBe(9);
    expect(body.finished.books.map((b: { id: string }) => b.id)).toEqual(
      shelf
        .slice(3)
        .reverse()
        .slice(0, 8)
        .map((b) => b.id),
    );
    expect(body.badges.map((b: { slug: string }) => b.slug)).toEqual([
      'lecteur-assidu',
      'premier-livre',
    ]);
    expect(body.badges[0]).toMatchObject({ name: 'Lecteur assidu', times: 1 });
  });

  it('answers a malformed id with a French 400 and an unknown one with a French 404', async () => {
    const bad = await callAs(t.app, bruno).get('/api/profiles/pas-un-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Ce lecteur n'existe pas.");
    const unknown = await callAs(t.app, bruno).get(
      '/api/profiles/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Ce lecteur n'existe pas.");
  });
});
