import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { appRoutes, changes, type Ids, type Route, validRequest } from './route-inputs';
import { buildWorld, caller, expectFrenchError, rowsOf, type World } from './security-helpers';

// Every route of the route table, also asked for through a percent-encoded path (`/%61pi/…`):
// the router decodes it, so every check must see the same path as the router (a read answers
// as the plain path does; a change without Origin is refused and changes nothing).
let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
let routes: Route[];
let ids: Ids;
beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  w = await buildWorld(t);
  await t.app.ready();
  api = caller(t.app);
  routes = appRoutes(t.app).filter((r) => !r.url.includes('*'));
  ids = { uuids: [w.books.ten.id], slugs: [w.books.ten.slug] };
});
afterAll(() => t.close());

/** The same path with each letter of its first segment percent-encoded (`/api/x` → `/%61%70%69/x`). */
const encoded = (url: string) =>
  url.replace(
    /^\/([A-Za-z0-9._-]+)/,
    (_whole, first: string) =>
      `/${[...first].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')}`,
  );

describe('a percent-encoded path', () => {
  it('reads as the plain path: same status, and the same body where the plain one is stable', async () => {
    const reads = routes.filter((r) => r.method === 'GET' && !r.url.startsWith('/api/live'));
    expect(reads.length).toBeGreaterThanOrEqual(20);
    for (const route of reads) {
      const { url, options } = validRequest(route, ids);
      const [plain, again, coded] = [
        await api.call(w.bruno, 'GET', url, options),
        await api.call(w.bruno, 'GET', url, options),
        await api.call(w.bruno, 'GET', encoded(url), options),
      ];
      const where = `GET ${encoded(url)} (${route.url})`;
      expect(coded.statusCode, where).toBe(plain.statusCode);
      if (plain.body === again.body) expect(coded.body, where).toBe(plain.body);
    }
  });

  it('reads the session on /api too (a reader route answers the reader, not 401)', async () => {
    const res = await api.call(w.bruno, 'GET', '/%61pi/profiles/me');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(w.bruno.id);
    expect(res.json()).toEqual((await api.call(w.bruno, 'GET', '/api/profiles/me')).json());
  });

  it('refuses every change sent without Origin in French (403), and nothing changes', async () => {
    const before = {
      alice: await rowsOf(t.database.db, w.alice.id),
      bruno: await rowsOf(t.database.db, w.bruno.id),
    };
    const users = await t.database.db.execute(sql`select count(*)::int as n from users`);
    const writes = routes.filter((r) => changes(r) && r.url.startsWith('/api/'));
    expect(writes.length).toBeGreaterThanOrEqual(8);
    for (const route of writes) {
      const { url, options } = validRequest(route, ids);
      const res = await api.call(w.alice, route.method as 'POST', encoded(url), {
        ...options,
        noOrigin: true,
      });
      expectFrenchError(res, 403);
      expect(res.json().error, `${route.method} ${encoded(url)}`).toEqual({
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
