import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { cookieOf, createReader, type Reader } from '../factories';
import { validRequest } from './route-inputs';
import {
  buildWorld,
  caller,
  expectFrenchError,
  rowsOf,
  signInMessages,
  type World,
} from './security-helpers';

// The account side of the old app's flaws: self-granted rights, other readers' data wiped,
// functions open to anyone, and markup injected through a username.
let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  api = caller(t.app);
});
afterAll(() => t.close());

const flagsOf = async (email: string) =>
  (
    await t.database.db.execute(
      sql`select is_admin, is_premium, premium_since from users where email = ${email}`,
    )
  ).rows;

describe('self-granted admin or premium', () => {
  it.each([
    [{ isAdmin: true }],
    [{ isPremium: true }],
    [{ is_admin: true, role: 'admin' }],
    [{ premiumSince: '2020-01-01T00:00:00Z', isPremium: true }],
  ])('refuses a sign-up carrying %j, and creates no account', async (extra) => {
    const email = `pirate-${Object.keys(extra)[0]}@exemple.fr`.toLowerCase();
    const res = await api.call(null, 'POST', '/api/auth/sign-up', {
      payload: { email, password: 'motdepasse1', ...extra },
    });
    expectFrenchError(res, 400);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await flagsOf(email)).toEqual([]);
  });

  it.each([
    [{ username: 'Pirate', isAdmin: true }],
    [{ username: 'Pirate', isPremium: true, premiumSince: '2020-01-01T00:00:00Z' }],
    [{ isAdmin: true }],
    [{ username: 'Pirate', email: 'autre@exemple.fr' }],
    [{ username: 'Pirate', id: '00000000-0000-4000-8000-000000000000' }],
  ])('refuses PATCH /api/profiles/me with %j: flags and profile unchanged', async (payload) => {
    const before = await rowsOf(t.database.db, w.alice.id);
    const res = await api.call(w.alice, 'PATCH', '/api/profiles/me', { payload });
    expectFrenchError(res, 400);
    expect(await rowsOf(t.database.db, w.alice.id)).toEqual(before);
    expect(await flagsOf(w.alice.email)).toEqual([
      { is_admin: false, is_premium: false, premium_since: null },
    ]);
    const me = (await api.call(w.alice, 'GET', '/api/profiles/me')).json();
    expect(me).toMatchObject({ isAdmin: false, isPremium: false, premiumSince: null });
  });

  it('ignores flags sent in the query string or headers of a rename', async () => {
    const res = await api.call(w.alice, 'PATCH', '/api/profiles/me?isAdmin=true&isPremium=true', {
      payload: { username: 'Alice Sage' },
      headers: { 'x-admin': 'true', 'x-premium': 'true' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'Alice Sage', isAdmin: false, isPremium: false });
    expect(await flagsOf(w.alice.email)).toEqual([
      { is_admin: false, is_premium: false, premium_since: null },
    ]);
  });
});

describe("wiping another reader's data", () => {
  it("cannot remove Bruno's list entries by any id Alice can send", async () => {
    const before = await rowsOf(t.database.db, w.bruno.id);
    const ids = (
      await t.database.db.execute<{ id: string }>(sql`
        select id::text from reading_progress where user_id = ${w.bruno.id}
        union all select id::text from reading_validations where user_id = ${w.bruno.id}
        union all select id::text from xp_events where user_id = ${w.bruno.id}
        union all select id::text from sessions where user_id = ${w.bruno.id}
        union all select ${w.bruno.id}`)
    ).rows.map((r) => r.id);
    const bookIds = [w.books.three.id, w.books.ten.id];
    expect(ids.length).toBeGreaterThan(5);
    for (const id of [...ids, ...bookIds]) {
      for (const url of [
        `/api/reading-list/${id}`,
        `/api/reading-list/${id}?userId=${w.bruno.id}`,
        `/api/profiles/${id}`,
        `/api/books/${id}/validation`,
      ]) {
        const res = await api.call(w.alice, 'DELETE', url, {
          payload: { userId: w.bruno.id, bookId: id },
        });
        expectFrenchError(res);
        expect(res.statusCode, url).not.toBe(200);
      }
    }
    // Alice's own removal touches only her row, even with Bruno's id in the body.
    await api.call(w.alice, 'POST', '/api/reading-list', { payload: { bookId: w.books.ten.id } });
    const mine = await api.call(w.alice, 'DELETE', `/api/reading-list/${w.books.ten.id}`, {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: w.bruno.id }),
    });
    expect(mine.statusCode).toBeLessThan(500);
    expect(await rowsOf(t.database.db, w.bruno.id)).toEqual(before);
    const list = (await api.call(w.bruno, 'GET', '/api/reading-list')).json();
    expect(list.items).toHaveLength(2);
  });
});

describe('unauthenticated functions', () => {
  const readerRoutes = (app: TestApp['app']) =>
    app.routeContracts.filter(
      (r) =>
        JSON.stringify(r.schema?.security ?? []).includes('"session":[]}]') &&
        !JSON.stringify(r.schema?.security ?? []).startsWith('[{}'),
    );

  it('answers every reader route without a session with 401 and a French sentence', async () => {
    const routes = readerRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    // Every input filled as a page would fill it (route-inputs.ts): a visitor's refusal is
    // about the session, not a schema, on routes added later too.
    const ids = { uuids: [w.books.ten.id], slugs: [w.books.ten.slug] };
    for (const contract of routes) {
      for (const method of [contract.method].flat()) {
        const { url, options } = validRequest({ method, url: contract.url, contract }, ids);
        const res = await api.call(null, method as 'GET', url, options);
        expectFrenchError(res, 401);
        expect(res.json().error.code).toBe('AUTH_REQUIRED');
        expect(signInMessages).toContain(res.json().error.message);
      }
    }
  });

  it('treats a forged, expired or other-site session as no session', async () => {
    const forged = [
      'lisons.session_token=forged.token',
      `lisons.session_token=${w.bruno.id}`,
      `${w.bruno.cookie.replace(/=([^.;]+)/, '=x$1')}`,
    ];
    for (const cookie of forged) {
      const res = await api.call({ cookie }, 'GET', '/api/me/stats');
      expectFrenchError(res, 401);
    }
    const session = await api.call({ cookie: forged[0] ?? '' }, 'GET', '/api/auth/session');
    expect(session.json()).toEqual({ user: null });
  });

  it('ends a session for good on sign-out', async () => {
    const reader = await createReader(t.app);
    const out = await api.call(reader, 'POST', '/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expectFrenchError(await api.call(reader, 'GET', '/api/me/stats'), 401);
  });
});

describe('HTML and JSON-LD injection', () => {
  const names = [
    '<script>alert("lisons")</script>',
    '</script><script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '{"@context":"https://schema.org"}</script>',
  ];

  it.each(names)('stores and returns %s as plain data, in JSON', async (name) => {
    const reader: Reader = w.alice;
    const res = await api.call(reader, 'PATCH', '/api/profiles/me', {
      payload: { username: name },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json().username).toBe(name);
    const row = await t.database.db.execute(
      sql`select username from users where id = ${reader.id}`,
    );
    expect(row.rows).toEqual([{ username: name }]);
    const seen = await api.call(w.bruno, 'GET', `/api/profiles/${reader.id}`);
    expect(seen.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(seen.json().profile).toEqual({
      id: reader.id,
      username: name,
      avatarUrl: null,
      createdAt: expect.any(String),
      email: null,
    });
    const session = await api.call(reader, 'GET', '/api/auth/session');
    expect(session.json().user.username).toBe(name);
  });

  it('never puts a reader’s markup into a server-rendered page', async () => {
    await api.call(w.alice, 'PATCH', '/api/profiles/me', { payload: { username: names[1] } });
    const pages = [
      '/',
      `/profile/${w.alice.id}`,
      `/u/${w.alice.id}`,
      '/profile',
      `/books/${w.books.ten.slug}`,
      '/api/docs',
      `/u/${encodeURIComponent(names[1] ?? '')}`,
      `/books/${encodeURIComponent(names[0] ?? '')}`,
    ];
    for (const url of pages) {
      const res = await api.call(w.alice, 'GET', url);
      expect(res.statusCode, url).toBeLessThan(500);
      if (String(res.headers['content-type']).startsWith('text/html')) {
        for (const name of names) expect(res.body, url).not.toContain(name);
        expect(res.body, url).not.toContain('alert(');
      }
    }
  });

  it('keeps a new account’s flags off, whatever its name says', async () => {
    const res = await api.call(null, 'POST', '/api/auth/sign-up', {
      payload: { email: 'balise@exemple.fr', password: '<script>alert(1)</script>' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().user).toMatchObject({ isAdmin: false, isPremium: false });
    expect(res.body).not.toContain('<script>');
    const cookie = cookieOf(res);
    expect((await api.call({ cookie }, 'GET', '/api/profiles/me')).json().isAdmin).toBe(false);
    expect(await flagsOf('balise@exemple.fr')).toEqual([
      { is_admin: false, is_premium: false, premium_since: null },
    ]);
  });
});
