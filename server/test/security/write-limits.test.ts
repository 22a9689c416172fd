import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeLimits } from '../../modules/rate-limits/route-limits';
import { buildTestApp, type TestApp } from '../app';
import { createReader, type Reader } from '../factories';
import { appRoutes, type Route } from './route-inputs';
import { caller, expectFrenchError, grantFlags } from './security-helpers';

// Every route that changes something declares its rate limit in its options (server/modules/
// rate-limits/route-limits.ts): generated from the app's route table, so a route added later
// without one fails here without anyone listing it.
let t: TestApp;
let api: ReturnType<typeof caller>;
let alice: Reader;
let bruno: Reader;
let admin: Reader;
beforeAll(async () => {
  t = await buildTestApp();
  [alice, bruno, admin] = [
    await createReader(t.app),
    await createReader(t.app),
    await createReader(t.app),
  ] as [Reader, Reader, Reader];
  await grantFlags(t, admin.id);
  await t.app.ready();
  api = caller(t.app);
});
afterAll(() => t.close());

const writes = (routes: Route[]) =>
  routes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));

/** The write routes with no limit declared (config.rateLimit: limited(…) or countedByHandler(…)). */
function unlimited(routes: Route[]): string[] {
  return writes(routes)
    .filter((r) => {
      const limit = r.contract.config?.rateLimit;
      if (!limit) return true;
      if ('countedBy' in limit) return limit.why.trim() === '';
      return !(limit.limit > 0 && limit.windowMs > 0 && limit.name !== '');
    })
    .map((r) => `${r.method} ${r.url}`);
}

/** A 429 as the API promises it: RATE_LIMITED, in French, with the seconds to wait. */
function expectRateLimited(res: LightMyRequestResponse) {
  expectFrenchError(res, 429);
  expect(res.json().error.code).toBe('RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.database.db.execute<{ n: number }>(query)).rows[0]?.n);

describe('the declared limits', () => {
  it('cover every route that changes something, /api/admin and /api/auth included', () => {
    const routes = appRoutes(t.app);
    const found = writes(routes).map((r) => `${r.method} ${r.url}`);
    expect(found.length).toBeGreaterThanOrEqual(50);
    for (const route of [
      'PUT /api/follows/:id',
      'PUT /api/blocks/:id',
      'PUT /api/activities/:id/booky',
      'PATCH /api/profiles/me',
      'POST /api/reading-list',
      'PUT /api/me/goals/:year',
      'POST /api/me/imports',
      'POST /api/premium/checkout',
      'POST /api/admin/books',
      'POST /api/auth/sign-out',
    ]) {
      expect(found).toContain(route);
    }
    expect(unlimited(routes)).toEqual([]);
  });

  it('catch a write route added later without a limit (a planted one)', async () => {
    const other = await buildTestApp({}, { database: t.database });
    try {
      other.app.post(
        '/api/fuite',
        { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
        async () => ({ ok: true }),
      );
      other.app.delete(
        '/api/fuite/limitee',
        {
          config: { rateLimit: { name: 'fuite', ...writeLimits.reader } },
          schema: { response: { 200: z.object({ ok: z.boolean() }) } },
        },
        async () => ({ ok: true }),
      );
      await other.app.ready();
      expect(unlimited(appRoutes(other.app))).toEqual(['POST /api/fuite']);
    } finally {
      await other.app.close();
    }
  });
});

describe('one request over the limit', () => {
  it('follows: the 61st change in a minute is a French 429 and changes nothing', async () => {
    const follow = (method: 'PUT' | 'DELETE') =>
      api.call(alice, method, `/api/follows/${bruno.id}`, { payload: {} });
    for (let i = 0; i < writeLimits.reader.limit; i += 1) {
      const res = await follow(i % 2 === 0 ? 'PUT' : 'DELETE');
      expect(res.statusCode, res.body).toBe(200);
    }
    const follows = sql`select count(*)::int as n from follows where follower_id = ${alice.id}`;
    expect(await count(follows)).toBe(0);
    expectRateLimited(await follow('PUT'));
    expect(await count(follows)).toBe(0);
    // Another reader's counter is their own.
    expect(
      (await api.call(bruno, 'PUT', `/api/follows/${alice.id}`, { payload: {} })).statusCode,
    ).toBe(200);
  });

  it('goals: the 61st change in a minute is a French 429 and keeps the goal', async () => {
    const setGoal = (target: number) =>
      api.call(bruno, 'PUT', '/api/me/goals/2026', { payload: { kind: 'books', target } });
    for (let i = 1; i <= writeLimits.reader.limit; i += 1) {
      const res = await setGoal(i);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectRateLimited(await setGoal(99));
    const goal = await api.call(bruno, 'GET', '/api/me/goals/2026');
    expect(goal.json().goal).toMatchObject({ kind: 'books', target: writeLimits.reader.limit });
  });

  it('an administrator write: one over the limit is a French 429, with no change nor record', async () => {
    const setUrl = (n: number) =>
      api.call(admin, 'PUT', '/api/admin/deploy-webhook', {
        payload: { url: `https://exemple.fr/hook/${n}` },
      });
    for (let i = 1; i <= writeLimits.admin.limit; i += 1) {
      const res = await setUrl(i);
      expect(res.statusCode, res.body).toBe(200);
    }
    const audit = sql`select count(*)::int as n from admin_audit where admin_id = ${admin.id}`;
    const records = await count(audit);
    expectRateLimited(await setUrl(99));
    expect(await count(audit)).toBe(records);
    const url = await api.call(admin, 'GET', '/api/admin/deploy-webhook');
    expect(url.json()).toEqual({ url: `https://exemple.fr/hook/${writeLimits.admin.limit}` });
  });

  it('a visitor’s route is counted per address: sign-out', async () => {
    const signOut = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin: 'http://localhost:3000' },
        remoteAddress: ip,
      });
    for (let i = 0; i < writeLimits.visitor.limit; i += 1) {
      expect((await signOut('10.9.9.9')).statusCode).toBe(200);
    }
    expectRateLimited(await signOut('10.9.9.9'));
    expect((await signOut('10.9.9.10')).statusCode).toBe(200);
  });
});
