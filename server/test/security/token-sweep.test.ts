import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scopeNeeded } from '../../../domain/api-tokens';
import { accountMessages } from '../../../domain/messages/accounts';
import { apiTokenMessages as m } from '../../../domain/messages/api-tokens';
import { requireReader, type TokenAccess, tokenAccessOf } from '../../plugins/auth';
import { createApiToken } from '../api-tokens';
import { buildTestApp, type TestApp } from '../app';
import { appRoutes, type Ids, needsReader, type Route, validRequest } from './route-inputs';
import { buildWorld, caller, expectFrenchError, rowsOf, type World } from './security-helpers';

// Every /api route either lets a personal API token act within its scope or refuses it,
// read from the app's own route table: a route added later is swept without being listed.
let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
let swept: Route[];
let ids: Ids;
beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  w = await buildWorld(t);
  await t.app.ready();
  api = caller(t.app);
  swept = appRoutes(t.app).filter((r) => r.url.startsWith('/api/'));
  ids = { uuids: [w.books.ten.id], slugs: [w.books.ten.slug] };
});
afterAll(() => t.close());

const accessOf = (route: Route): TokenAccess => tokenAccessOf({ ...route.contract, ...route });

/** Where no token may ever act, whatever its scope or its reader's rights. */
const sessionOnly = (url: string) =>
  url.startsWith('/api/admin/') ||
  url.startsWith('/api/account/tokens') ||
  url === '/api/account/password' ||
  url === '/api/account/delete';

/** What is wrong with the token access that routes declare (empty when all is well). */
function policyProblems(routes: Route[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const access = accessOf(route);
    const name = `${route.method} ${route.url} → ${access}`;
    if (sessionOnly(route.url) && access !== 'refused') problems.push(`${name}: session only`);
    // A read token never changes anything; a route for readers always decides about tokens.
    if (access === 'read' && scopeNeeded(route.method) === 'write') problems.push(name);
    if (needsReader(route) && access === 'unused') problems.push(`${name}: undecided`);
  }
  return problems;
}

/** The token's request to a route: no cookie, no Origin, as another program sends it. */
const withToken = (token: string, route: Route, extra: Record<string, string> = {}) => {
  const { url, options } = validRequest(route, ids);
  return api.call(null, route.method as 'GET', url, {
    ...options,
    noOrigin: true,
    headers: { authorization: `Bearer ${token}`, ...extra },
  });
};

const where = (route: Route, res: LightMyRequestResponse) =>
  `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`;

/** True when the answer is the token being turned away (not the route's own decision). */
const tokenRefused = (res: LightMyRequestResponse) =>
  res.statusCode === 401 ||
  (res.statusCode === 403 &&
    [m.notHere, m.readOnly, accountMessages.originRefused].includes(res.json().error?.message));

describe('the token access of every /api route', () => {
  it('is decided by its guard: session-only routes refuse, a read never writes', () => {
    expect(swept.length).toBeGreaterThanOrEqual(100);
    expect(policyProblems(swept)).toEqual([]);
    const by = (access: TokenAccess) => swept.filter((r) => accessOf(r) === access).length;
    // Not vacuous: many routes take a token, the back office and the account's keys refuse it.
    expect(by('read')).toBeGreaterThanOrEqual(30);
    expect(by('write')).toBeGreaterThanOrEqual(30);
    expect(by('refused')).toBeGreaterThanOrEqual(40);
  });

  it('accepts a token within its scope wherever it is accepted (no cookie, no Origin)', async () => {
    const { secret } = await createApiToken(t.app, w.alice, { scope: 'write' });
    const problems: string[] = [];
    for (const route of swept.filter((r) => ['read', 'write'].includes(accessOf(r)))) {
      const res = await withToken(secret, route);
      if (res.statusCode >= 500 || tokenRefused(res)) problems.push(where(route, res));
      else if (res.statusCode >= 400) expectFrenchError(res);
    }
    expect(problems).toEqual([]);
  });

  it('refuses a read token on every write it would otherwise accept, and nothing changes', async () => {
    const { secret } = await createApiToken(t.app, w.alice, { scope: 'read' });
    const before = await rowsOf(t.database.db, w.alice.id);
    const writes = swept.filter((r) => accessOf(r) === 'write');
    for (const route of writes) {
      const res = await withToken(secret, route);
      expectFrenchError(res, 403);
      expect(res.json().error.message, where(route, res)).toBe(m.readOnly);
    }
    expect(await rowsOf(t.database.db, w.alice.id)).toEqual(before);
    // And lets it read everything a read is.
    for (const route of swept.filter((r) => accessOf(r) === 'read')) {
      const res = await withToken(secret, route);
      expect(tokenRefused(res), where(route, res)).toBe(false);
    }
  });

  it('refuses even an administrator’s token where only a session may act, and nothing changes', async () => {
    const { secret } = await createApiToken(t.app, w.bruno, { scope: 'write' });
    const before = await rowsOf(t.database.db, w.bruno.id);
    for (const route of swept.filter((r) => accessOf(r) === 'refused')) {
      // From a page of ours too: the Origin is not what turns the token away.
      const res = await withToken(secret, route, { origin: 'http://localhost:3000' });
      expectFrenchError(res, 403);
      expect(res.json().error.message, where(route, res)).toBe(m.notHere);
      expectFrenchError(await withToken(secret, route), 403);
    }
    expect(await rowsOf(t.database.db, w.bruno.id)).toEqual(before);
  });

  it('turns a revoked token away in French wherever one may act', async () => {
    const { id, secret } = await createApiToken(t.app, w.alice, { scope: 'write' });
    const revoked = await api.call(w.alice, 'DELETE', `/api/account/tokens/${id}`);
    expect(revoked.statusCode).toBe(200);
    const before = await rowsOf(t.database.db, w.alice.id);
    let n = 0;
    for (const route of swept.filter((r) => ['read', 'write'].includes(accessOf(r)))) {
      n += 1;
      // Each from its own address: bad tokens are counted per address (a 429 past 30).
      const { url, options } = validRequest(route, ids);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        query: options.query,
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: `10.77.${Math.floor(n / 200)}.${n % 200}`,
        ...('payload' in options ? { payload: options.payload } : {}),
      });
      expectFrenchError(res, 401);
      expect(res.json().error.message, where(route, res)).toBe(m.unknownToken);
    }
    expect(await rowsOf(t.database.db, w.alice.id)).toEqual(before);
  });

  it('covers a route added later without anyone listing it (planted routes are caught)', async () => {
    const other = await buildTestApp({}, { database: t.database });
    try {
      const ok = { response: { 200: z.object({ ok: z.boolean() }) } };
      // A back-office route guarded as a reader's: a token would act there.
      other.app.get(
        '/api/admin/plante',
        { preHandler: requireReader(), schema: { security: [{ session: [] }], ...ok } },
        async () => ({ ok: true }),
      );
      // A write that states a read scope: a read token would change something.
      other.app.post(
        '/api/plante',
        {
          preHandler: requireReader(undefined, { token: 'read' }),
          config: { rateLimit: { name: 'plante', limit: 10, windowMs: 60_000, per: 'reader' } },
          schema: { security: [{ session: [] }], ...ok },
        },
        async () => ({ ok: true }),
      );
      await other.app.ready();
      const planted = appRoutes(other.app).filter((r) => r.url.includes('plante'));
      expect(planted).toHaveLength(2);
      expect(policyProblems(appRoutes(other.app))).toEqual([
        'GET /api/admin/plante → read: session only',
        'POST /api/plante → read',
      ]);
      // And the token really acts there: what the sweep's policy exists to prevent.
      const { secret } = await createApiToken(other.app, w.alice, { scope: 'read' });
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/admin/plante',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});
