import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../app';
import { createReader } from '../factories';
import {
  appRoutes,
  changes,
  type Ids,
  idFields,
  inputSchema,
  needsReader,
  normalise,
  pathOf,
  type Route,
  routerTable,
  validInput,
  validRequest,
} from './route-inputs';
import {
  buildWorld,
  caller,
  expectFrenchError,
  expectNoAnswerLeaked,
  rowsOf,
  secretAnswer,
  signInMessages,
  type World,
} from './security-helpers';

// Generated from the app's own route table: a route added later is swept without being listed.
let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
let routes: Route[];
let swept: Route[];
let ids: Ids;
beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  w = await buildWorld(t);
  await t.app.ready();
  api = caller(t.app);
  routes = appRoutes(t.app);
  swept = routes.filter((r) => /^\/(api|covers|avatars)\//.test(r.url));
  ids = { uuids: [w.books.ten.id], slugs: [w.books.ten.slug] };
});
afterAll(() => t.close());

describe('the route table', () => {
  it('knows every route Fastify routes, and has the modules’ reader routes', () => {
    const table = new Set(routes.map((r) => `${r.method} ${normalise(r.url)}`));
    const router = routerTable(t.app);
    expect(router.size).toBeGreaterThanOrEqual(25);
    expect([...router].filter((r) => !table.has(r))).toEqual([]);
    expect(swept.length).toBeGreaterThanOrEqual(25);
    expect(swept.filter(needsReader).length).toBeGreaterThanOrEqual(10);
    for (const route of [
      'POST /api/books/:/segments/:/answer',
      'POST /api/books/:/segments/:/joker',
      'DELETE /api/reading-list/:',
      'PATCH /api/profiles/me',
    ]) {
      expect(table).toContain(route);
    }
  });
});

/** What a visitor finds wrong on `routes`: 5xx, or a reader route that does not say 401. */
async function visitorProblems(call: ReturnType<typeof caller>['call'], list: Route[]) {
  const problems: string[] = [];
  for (const route of list) {
    const { url, options } = validRequest(route, ids);
    const res = await call(null, route.method as 'GET', url, options);
    const where = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    const refusal = res.statusCode >= 400 ? (res.json() as { error?: { message?: string } }) : null;
    if (res.statusCode >= 500) problems.push(where);
    else if (needsReader(route) && res.statusCode !== 401) problems.push(where);
    else if (needsReader(route) && !signInMessages.includes(refusal?.error?.message ?? '')) {
      problems.push(where);
    } else if (refusal) expectFrenchError(res);
  }
  return problems;
}

describe('without a session', () => {
  it('never fails with a 5xx, and every reader route answers 401 in French', async () => {
    expect(await visitorProblems(api.call, swept)).toEqual([]);
    const readers = swept.filter(needsReader);
    const refused = api.sent.filter((s) => s.status === 401);
    expect(refused.length).toBeGreaterThanOrEqual(readers.length);
  });

  it('covers a route added later without anyone listing it (a planted faulty route is caught)', async () => {
    const other = await buildTestApp({}, { database: t.database });
    try {
      const book = w.books.ten.id;
      // Declares a session, forgets the guard, and shows an answer: all three must be caught.
      other.app.get(
        '/api/fuite/:bookId',
        {
          schema: {
            security: [{ session: [] }],
            params: z.object({ bookId: z.uuid() }),
            response: { 200: z.object({ answer: z.string() }) },
          },
        },
        async () => ({ answer: secretAnswer('B', 1) }),
      );
      await other.app.ready();
      const planted = appRoutes(other.app).filter((r) => r.url === '/api/fuite/:bookId');
      expect(planted).toHaveLength(1);
      const probe = caller(other.app);
      const problems = await visitorProblems(
        probe.call,
        appRoutes(other.app).filter((r) => r.url.startsWith('/api/')),
      );
      expect(problems).toEqual([expect.stringMatching(/^GET \/api\/fuite\/:bookId → 200/)]);
      expect(() => expectNoAnswerLeaked(probe.sent, w.jokerAnswer)).toThrow();
      expect(probe.sent.some((s) => s.url === `/api/fuite/${book}`)).toBe(true);
    } finally {
      await other.app.close();
    }
  });
});

describe('changes without the app’s Origin', () => {
  it.each([
    ['no Origin', {}],
    ['a foreign Origin', { origin: 'https://pirate.example' }],
    ['a foreign Referer', { referer: 'https://pirate.example/page' }],
    ['a look-alike Origin', { origin: 'http://localhost:3000.pirate.example' }],
  ])('are refused with %s (403, French), and change nothing', async (_name, headers) => {
    const before = {
      alice: await rowsOf(t.database.db, w.alice.id),
      bruno: await rowsOf(t.database.db, w.bruno.id),
    };
    const users = await t.database.db.execute(sql`select count(*)::int as n from users`);
    const writes = swept.filter(changes);
    expect(writes.length).toBeGreaterThanOrEqual(8);
    for (const route of writes) {
      const { url, options } = validRequest(route, ids);
      const res = await api.call(w.alice, route.method as 'POST', url, {
        ...options,
        noOrigin: true,
        headers,
      });
      expectFrenchError(res, 403);
      expect(res.json().error).toEqual({
        code: 'FORBIDDEN',
        message: 'Origine de la requête refusée.',
      });
    }
    expect(await rowsOf(t.database.db, w.alice.id)).toEqual(before.alice);
    expect(await rowsOf(t.database.db, w.bruno.id)).toEqual(before.bruno);
    expect((await t.database.db.execute(sql`select count(*)::int as n from users`)).rows).toEqual(
      users.rows,
    );
  });
});

describe("reader A with reader B's ids", () => {
  it("never shows B's private data and never changes B's rows, whatever id A sends", async () => {
    const db = t.database.db;
    const idRows = await db.execute<{ id: string }>(sql`
      select id::text from reading_progress where user_id = ${w.bruno.id}
      union all select id::text from reading_validations where user_id = ${w.bruno.id}
      union all select question_id::text from reading_validations where user_id = ${w.bruno.id}
      union all select id::text from xp_events where user_id = ${w.bruno.id}
      union all select id::text from sessions where user_id = ${w.bruno.id}`);
    const bruno: Ids = {
      uuids: [w.bruno.id, w.books.ten.id, w.books.three.id, ...idRows.rows.map((r) => r.id)],
      slugs: [w.books.ten.slug, w.books.three.slug],
    };
    // What only Bruno's own session may see: his e-mail, his flags, his progress rows' times.
    const stamps = await db.execute<{ at: Date | string }>(sql`
      select updated_at as at from reading_progress where user_id = ${w.bruno.id}
      union all select started_at from reading_progress where user_id = ${w.bruno.id}`);
    const brunoPrivate = [
      w.bruno.email,
      '"isAdmin":true',
      '"isPremium":true',
      ...stamps.rows.map((r) => new Date(r.at).toISOString()),
    ];
    const before = await rowsOf(db, w.bruno.id);
    let requests = 0;
    for (const route of swept) {
      const slots = (['params', 'querystring', 'body'] as const).flatMap((part) =>
        idFields(inputSchema(route, part)).map((name) => ({ part, name })),
      );
      if (slots.length === 0) continue;
      for (const value of [...bruno.uuids, ...bruno.slugs]) {
        const { url: _url, options } = validRequest(route, ids);
        const params = validInput(inputSchema(route, 'params'), ids);
        if ('segment' in params) params.segment = 1;
        const body = { ...((options as { payload?: object }).payload ?? {}) } as Record<
          string,
          unknown
        >;
        const query = { ...options.query };
        for (const slot of slots) {
          if (slot.part === 'params') params[slot.name] = value;
          else if (slot.part === 'querystring') query[slot.name] = value;
          else body[slot.name] = value;
        }
        const res = await api.call(w.alice, route.method as 'GET', pathOf(route.url, params), {
          query,
          ...(changes(route) ? { payload: body } : {}),
        });
        requests += 1;
        const where = `${route.method} ${route.url} with ${value} → ${res.statusCode}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) expectFrenchError(res);
        for (const secret of brunoPrivate) expect(res.body, where).not.toContain(secret);
        if (route.url === '/api/profiles/:id' && res.statusCode === 200) {
          expect(Object.keys(res.json().profile).sort(), where).toEqual([
            'avatarUrl',
            'createdAt',
            'email',
            'id',
            'username',
          ]);
          expect(res.json().profile.email, where).toBeNull();
          expect(res.json().stats, where).toBeNull();
        }
      }
    }
    expect(requests).toBeGreaterThan(50);
    expect(await rowsOf(db, w.bruno.id)).toEqual(before);
    expectNoAnswerLeaked(api.sent, w.jokerAnswer);
  });

  it('gives each reader only their own list in every CSV export, B’s books never to another', async () => {
    // Found in the route table: an export added later is held to the same rule.
    const csvExports = swept.filter(
      (r) => r.method === 'GET' && /^\/api\/account\/export\/[\w-]+\.csv$/.test(r.url),
    );
    expect(csvExports.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/account/export/reading-history.csv',
        '/api/account/export/goodreads.csv',
        '/api/account/export/storygraph.csv',
      ]),
    );
    const chloe = await createReader(t.app);
    for (const route of csvExports) {
      const hers = await api.call(chloe, 'GET', route.url);
      expect(hers.statusCode, route.url).toBe(200);
      // Her list is empty: the header alone, whatever B has.
      expect(
        hers.body
          .replace(/^\ufeff/, '')
          .trim()
          .split('\r\n'),
        route.url,
      ).toHaveLength(1);
      const his = await api.call(w.bruno, 'GET', route.url);
      expect(his.body, route.url).toContain(`Livre secret ${w.books.ten.tag}`);
    }
  });

  it("shows B's public profile to A, and nothing of B's private list, stats or e-mail", async () => {
    const profile = await api.call(w.alice, 'GET', `/api/profiles/${w.bruno.id}`);
    expect(profile.json().profile).toEqual({
      id: w.bruno.id,
      username: 'Bruno Privé',
      avatarUrl: null,
      createdAt: expect.any(String),
      email: null,
    });
    // Public by the spec (000 §6): counts, books in progress, finished books, badges.
    expect(profile.json()).toMatchObject({ isOwner: false, stats: null });
    expect(profile.body).not.toContain(w.bruno.email);
    expect(profile.body).not.toMatch(/isAdmin|isPremium|premiumSince/);
    const badges = await api.call(w.alice, 'GET', `/api/profiles/${w.bruno.id}/badges`);
    expect(Object.keys(badges.json())).toEqual(['badges']);
    for (const url of [
      '/api/reading-list',
      '/api/me/stats',
      '/api/me/achievements',
      '/api/profiles/me',
    ]) {
      const mine = await api.call(w.alice, 'GET', url);
      expect(mine.body, url).not.toContain(w.bruno.email);
      expect(mine.body, url).not.toContain(w.bruno.id);
    }
  });
});

describe('privileged fields sent to every route that changes something', () => {
  it('are refused or ignored: no rights, XP, badge or progress granted', async () => {
    const reader = w.alice;
    const db = t.database.db;
    const granted = {
      correct: true,
      xp: 100_000,
      xpGained: 100_000,
      amount: 100_000,
      badges: ['premier-livre', 'lecteur-assidu'],
      badge: 'lecteur-assidu',
      isAdmin: true,
      isPremium: true,
      premiumSince: '2020-01-01T00:00:00.000Z',
      userId: w.bruno.id,
      status: 'completed',
      segmentsValidated: 10,
      currentPage: 300,
      progressPercent: 100,
      jokersUsed: 0,
      jokersAllowed: 99,
      attemptsLeft: 3,
      lockedUntil: null,
    };
    const flags = sql`select is_admin, is_premium from users where id = ${reader.id}`;
    const xp = sql`select count(*)::int as n from xp_events where user_id = ${reader.id}`;
    const badges = sql`select count(*)::int as n from user_badges where user_id = ${reader.id}`;
    const before = [
      (await db.execute(flags)).rows,
      (await db.execute(xp)).rows,
      (await db.execute(badges)).rows,
    ];
    const bruno = await rowsOf(db, w.bruno.id);
    for (const route of swept.filter(changes)) {
      if (route.url.startsWith('/api/auth/')) continue; // account routes: the sign-up test below
      const { url, options } = validRequest(route, ids);
      const payload = { ...((options as { payload?: object }).payload ?? {}), ...granted };
      const res = await api.call(reader, route.method as 'POST', url, { ...options, payload });
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      if (res.statusCode >= 400) expectFrenchError(res);
    }
    expect([
      (await db.execute(flags)).rows,
      (await db.execute(xp)).rows,
      (await db.execute(badges)).rows,
    ]).toEqual(before);
    expect(await rowsOf(db, w.bruno.id)).toEqual(bruno);
  });

  it('refuses them on sign-up too: no account with rights is made', async () => {
    const res = await api.call(null, 'POST', '/api/auth/sign-up', {
      payload: {
        email: 'droits@exemple.fr',
        password: 'motdepasse1',
        isAdmin: true,
        isPremium: true,
      },
    });
    expectFrenchError(res, 400);
    const rows = await t.database.db.execute(
      sql`select 1 from users where email = 'droits@exemple.fr'`,
    );
    expect(rows.rows).toEqual([]);
  });
});
