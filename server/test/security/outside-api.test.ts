import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import {
  appRoutes,
  asText,
  type Ids,
  inputArbitrary,
  inputSchema,
  pathOf,
  queryOf,
  type Route,
  validRequest,
} from './route-inputs';
import { buildWorld, caller, type World } from './security-helpers';

// Every GET route of the app, /api or not (files under /covers and /avatars, /unsubscribe,
// /metrics, the rendered pages, /healthz), generated from the route table: each answer
// carries the security headers and a cache policy that never lets a shared cache keep what
// a session read; and no input makes a route outside /api fail with a 5xx.
const RUNS = 15;

let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
let gets: Route[];
let ids: Ids;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: 'jeton-de-balayage-0123456789abcdefghijkl' });
  w = await buildWorld(t);
  await t.app.ready();
  api = caller(t.app);
  gets = appRoutes(t.app).filter((r) => r.method === 'GET');
  const books = Object.values(w.books);
  ids = { uuids: [...books.map((b) => b.id), w.alice.id], slugs: books.map((b) => b.slug) };
});
afterAll(() => t.close());

const where = (route: Route, res: LightMyRequestResponse) =>
  `GET ${route.url} → ${res.statusCode} ${String(res.headers['cache-control'])}`;

describe('every GET route', () => {
  it('covers the routes outside /api too', () => {
    const outside = gets.filter((r) => !r.url.startsWith('/api/')).map((r) => r.url);
    for (const url of ['/healthz', '/metrics', '/covers/:file', '/avatars/:file']) {
      expect(outside).toContain(url);
    }
    expect(outside.some((url) => url.startsWith('/unsubscribe'))).toBe(true);
  });

  it('sends the security headers, to a visitor and to a reader', async () => {
    const expected = Object.keys(t.app.securityHeaders);
    expect(expected).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options']),
    );
    for (const route of gets) {
      for (const who of [null, w.alice]) {
        const { url, options } = validRequest(route, ids);
        const res = await api.call(who, 'GET', url, options);
        for (const name of expected) expect(res.headers[name], where(route, res)).toBeDefined();
      }
    }
  });

  it('keeps what a session read out of shared caches: private, no-store unless the route set its own', async () => {
    const personal: string[] = [];
    for (const route of gets) {
      const { url, options } = validRequest(route, ids);
      const res = await api.call(w.alice, 'GET', url, options);
      const policy = String(res.headers['cache-control'] ?? '');
      expect(policy, where(route, res)).not.toBe('');
      // A policy of the route's own: the same for everyone (public), or never stored as is.
      expect(policy, where(route, res)).toMatch(/^public|no-store|no-cache/);
      if (route.url.startsWith('/api/') && res.statusCode === 200 && !/^public/.test(policy)) {
        // JSON read with a session (the API docs page and the live stream set their own).
        if (/^application\/json/.test(String(res.headers['content-type']))) {
          expect(policy, where(route, res)).toMatch(/no-store/);
          if (policy === 'private, no-store') personal.push(route.url);
        }
      }
    }
    for (const url of ['/api/profiles/me', '/api/notifications', '/api/reading-list']) {
      expect(personal).toContain(url);
    }
  });
});

describe('the routes outside /api', () => {
  it('never fail with a 5xx, whatever their path and query hold', async () => {
    const outside = gets.filter((r) => !r.url.startsWith('/api/'));
    expect(outside.length).toBeGreaterThanOrEqual(5);
    for (const route of outside) {
      const inputs = fc.tuple(
        inputArbitrary(inputSchema(route, 'params'), ids),
        inputArbitrary(inputSchema(route, 'querystring'), ids),
      );
      for (const [params, query] of fc.sample(inputs, RUNS)) {
        const text = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, asText(v)]));
        const url = `${pathOf(route.url, text)}${queryOf(
          Object.fromEntries(Object.entries(query).map(([k, v]) => [k, asText(v)])),
        )}`;
        for (const who of [null, w.alice]) {
          const res = await api.call(who, 'GET', url);
          expect(res.statusCode, `GET ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }
      }
    }
  });
});
