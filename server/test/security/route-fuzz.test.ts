import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { cookieOf } from '../factories';
import {
  appRoutes,
  asText,
  bodyArbitrary,
  changes,
  type Ids,
  inputArbitrary,
  inputSchema,
  pathOf,
  queryOf,
  type Route,
  validInput,
} from './route-inputs';
import {
  buildWorld,
  caller,
  expectFrenchError,
  expectNoAnswerLeaked,
  isFrench,
  rowsOf,
  type World,
} from './security-helpers';

// Property tests over every /api route (and the /covers and /avatars files), generated from
// each route's zod schemas: whatever a visitor or a reader sends, the answer is never a 5xx,
// every refusal is the French error shape, and no answer leaves the server outside a joker's
// own response.
const RUNS = 25;

let t: TestApp;
let w: World;
let api: ReturnType<typeof caller>;
let swept: Route[];
let ids: Ids;
beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '100000' });
  w = await buildWorld(t);
  await t.app.ready();
  api = caller(t.app);
  swept = appRoutes(t.app).filter((r) => /^\/(api|covers|avatars)\//.test(r.url));
  const books = Object.values(w.books);
  ids = {
    uuids: [...books.map((b) => b.id), w.alice.id, w.bruno.id],
    slugs: books.map((b) => b.slug),
  };
});
afterAll(() => t.close());

/** What every response must be, whatever was sent. */
function expectSound(res: LightMyRequestResponse, where: string, url: string) {
  expect(res.statusCode, `${where} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  const type = String(res.headers['content-type'] ?? '');
  // Outside /api, a path no route matches (e.g. a /covers name past the router's 100
  // characters) gets the app shell's 'Page introuvable', as any unknown page does.
  const shell404 =
    res.statusCode === 404 && type.startsWith('text/html') && !url.startsWith('/api/');
  if (res.statusCode >= 400 && !shell404) {
    expectFrenchError(res);
    return;
  }
  if (type.startsWith('text/html')) {
    expect(res.body, where).not.toMatch(/<script>alert|onerror=alert/);
  }
}

type Sample = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: { raw: string; type: string };
  signedIn: boolean;
};

function sampleArbitrary(route: Route): fc.Arbitrary<Sample> {
  return fc.record({
    params: inputArbitrary(inputSchema(route, 'params'), ids),
    query: inputArbitrary(inputSchema(route, 'querystring'), ids),
    body: bodyArbitrary(inputSchema(route, 'body'), ids),
    signedIn: fc.boolean(),
  });
}

async function send(route: Route, sample: Sample): Promise<LightMyRequestResponse> {
  const params = Object.fromEntries(Object.entries(sample.params).map(([k, v]) => [k, asText(v)]));
  const query = Object.fromEntries(
    Object.entries(sample.query).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.slice(0, 5).map(asText) : asText(v),
    ]),
  );
  return api.call(
    sample.signedIn ? w.alice : null,
    route.method as 'GET',
    `${pathOf(route.url, params)}${queryOf(query)}`,
    {
      ...(changes(route)
        ? { payload: sample.body.raw, headers: { 'content-type': sample.body.type } }
        : {}),
    },
  );
}

// The work grows with the routes (over a hundred, each fuzzed and fed hostile text): a time
// limit per test that fits the whole sweep on a loaded two-core machine.
describe('fuzzed input on every route', { timeout: 300_000 }, () => {
  it('never gets a 5xx, a non-French refusal, or an answer outside a joker', async () => {
    const brunoBefore = await rowsOf(t.database.db, w.bruno.id);
    let requests = 0;
    // Every route is fuzzed even when one fails, so the report lists them all.
    const failures: string[] = [];
    for (const route of swept) {
      const where = `${route.method} ${route.url}`;
      try {
        await fc.assert(
          fc.asyncProperty(sampleArbitrary(route), async (sample) => {
            const res = await send(route, sample);
            requests += 1;
            expectSound(res, where, route.url);
          }),
          { numRuns: RUNS, seed: seedOf(where), endOnFailure: true },
        );
      } catch (error) {
        failures.push(`${where}: ${String((error as Error).cause ?? error).slice(0, 400)}`);
      }
      await stillSignedIn();
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(swept.length * RUNS);
    expectNoAnswerLeaked(api.sent, w.jokerAnswer);
    // Alice fuzzes with Bruno's ids among the others: none of his rows moves.
    expect(await rowsOf(t.database.db, w.bruno.id)).toEqual(brunoBefore);
  });

  it('refuses hostile text in each field of each route in French (a sample of each kind)', async () => {
    const hostile = [
      '\u0000',
      'a\u0000b',
      '\u0001\u0002\u001f',
      'é'.repeat(5_000),
      '\ud800',
      '💥'.repeat(200),
    ];
    for (const route of swept) {
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = inputSchema(route, part);
        for (const name of Object.keys(schema?.properties ?? {})) {
          for (const value of hostile) {
            const sample: Sample = {
              params: {},
              query: {},
              body: { raw: '{}', type: 'application/json' },
              signedIn: true,
            };
            if (part === 'params') sample.params = { [name]: value };
            if (part === 'querystring') sample.query = { [name]: value };
            if (part === 'body') sample.body.raw = JSON.stringify({ [name]: value });
            const res = await send(route, sample);
            const where = `${route.method} ${route.url} ${part}.${name}=${JSON.stringify(value.slice(0, 20))}`;
            expectSound(res, where, route.url);
            if (value.includes('\u0000')) {
              expect([400, 404], where).toContain(res.statusCode);
              if (res.statusCode === 400) expect(isFrench(res.json().error.message)).toBe(true);
            }
          }
        }
      }
    }
    expectNoAnswerLeaked(api.sent, w.jokerAnswer);
  });

  it('refuses a body over 1 MiB with a French 413 on every route that takes one', async () => {
    const big = JSON.stringify({ answer: 'x'.repeat(1_100_000) });
    for (const route of swept.filter((r) => changes(r) && inputSchema(r, 'body'))) {
      const params = validInput(inputSchema(route, 'params'), ids);
      const res = await api.call(w.alice, route.method as 'POST', pathOf(route.url, params), {
        payload: big,
        headers: { 'content-type': 'application/json' },
      });
      expectFrenchError(res, 413);
      expect(res.json().error.message).toBe('Le contenu envoyé est trop volumineux.');
    }
  });
});

describe('URLs the router itself cannot read', () => {
  // Fastify answers these before any hook or error handler, unless `frameworkErrors` is set.
  it.each([
    ['a path parameter over 100 characters', 'DELETE', `/api/reading-list/${'a'.repeat(101)}`],
    [
      'a path parameter over 100 characters',
      'POST',
      `/api/books/${'b'.repeat(101)}/segments/1/answer`,
    ],
    ['percent-encoding that is not UTF-8', 'GET', '/api/auth/password-reset/%ED%A0%80'],
    ['percent-encoding that is not UTF-8', 'GET', '/api/books/%C0%AF'],
  ] as const)(
    'refuses %s in French, in the API’s error shape: %s %s',
    async (_what, method, url) => {
      const res = await api.call(w.alice, method, url, method === 'GET' ? {} : { payload: {} });
      expectFrenchError(res);
      expect(res.body).not.toContain('FST_ERR');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

/** Alice signed in again if a fuzzed request signed her out (POST /api/auth/sign-out does). */
async function stillSignedIn() {
  const session = await api.call(w.alice, 'GET', '/api/auth/session');
  if (session.json().user !== null) return;
  const res = await api.call(null, 'POST', '/api/auth/sign-in', {
    payload: { email: w.alice.email, password: w.alice.password },
  });
  expect(res.statusCode).toBe(200);
  w.alice = { ...w.alice, cookie: cookieOf(res) };
}

/** A fixed seed per route, so a failure replays the same way on both engines. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash | 0;
}
