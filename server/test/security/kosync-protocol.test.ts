import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KOSYNC_MEDIA_TYPE, KOSYNC_PATH } from '../../../domain/kosync';
import { kosyncProtocolMessages } from '../../../domain/messages/kosync';
import { buildTestApp, type TestApp } from '../app';
import { callAs } from '../call-as';
import { createReader, type Reader } from '../factories';
import { appRoutes, asText, bodyArbitrary, type Route } from './route-inputs';
import { isFrench } from './security-helpers';

// The KOReader protocol under /kosync (decision 053), swept from the app's own route table
// like the /api routes: a route added there later is swept without being listed. It answers
// devices, not browsers: no session and no Origin, a device proves itself on every request
// (x-auth-user, x-auth-key), and every refusal is the protocol's `{ code, message }` with a
// French message. Whatever arrives, never a 5xx, never another reader's position, and
// nothing changed by a request that is refused.
const RUNS = 40;

let t: TestApp;
let routes: Route[];
let alice: Reader;
let bruno: Reader;
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const document = md5('le même fichier epub');
const secret = '/body/DocFragment[9]/alice-privee-7q';
let aliceKey: string;
let brunoKey: string;
/** Bruno's other devices: the sweep rotates over them, under each one's rate limit. */
const brunoKeys: string[] = [];
let sweep = 0;
/** Each request of the sweep from its own address, with one of Bruno's keys. */
const next = () => {
  sweep += 1;
  return {
    address: `10.7.${Math.floor(sweep / 250) % 250}.${sweep % 250}`,
    key: brunoKeys[sweep % brunoKeys.length] as string,
  };
};

const headersOf = (login: string, key: string) => ({
  accept: KOSYNC_MEDIA_TYPE,
  'content-type': 'application/json',
  'x-auth-user': login,
  'x-auth-key': key,
});

async function devicePassword(reader: Reader): Promise<string> {
  const res = await callAs(t.app, reader).post('/api/kosync/devices', { name: 'Liseuse' });
  expect(res.statusCode, res.body).toBe(201);
  return md5(res.json().password);
}

const aliceRows = async () =>
  (
    await t.database.db.execute<{ row: string }>(sql`select to_jsonb(d)::text as row
      from kosync_documents d where user_id = ${alice.id}::uuid order by document`)
  ).rows.map((r) => r.row);

/** A route's request with a valid body: the protocol's own example of each. */
function requestOf(route: Route, headers: Record<string, string>) {
  const url = route.url.replace(':document', document).replace('*', 'inconnu');
  const payload = {
    document,
    progress: '/body/DocFragment[1]',
    percentage: 0.1,
    device: 'Balayage',
    device_id: 'balayage',
  };
  return {
    method: route.method as 'GET',
    url,
    headers,
    ...(route.method === 'GET' ? {} : { payload }),
  };
}

/** The protocol's refusal: its status, `{ code, message }` with a French message, never cached. */
function expectProtocolRefusal(res: LightMyRequestResponse, where: string) {
  const text = `${where} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, text).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, text).toBeLessThan(500);
  expect(String(res.headers['content-type']), text).toContain(KOSYNC_MEDIA_TYPE);
  expect(res.headers['cache-control'], text).toBe('no-store');
  const body = res.json() as { code?: unknown; message?: unknown };
  expect(Object.keys(body).sort(), text).toEqual(['code', 'message']);
  expect(typeof body.code, text).toBe('number');
  expect(isFrench(body.message), `not a French text of the app: ${text}`).toBe(true);
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  routes = appRoutes(t.app).filter((r) => r.url.startsWith(`${KOSYNC_PATH}/`));
  alice = await createReader(t.app);
  bruno = await createReader(t.app);
  aliceKey = await devicePassword(alice);
  brunoKey = await devicePassword(bruno);
  for (let i = 0; i < 6; i++) brunoKeys.push(await devicePassword(bruno));
  const pushed = await t.app.inject({
    method: 'PUT',
    url: '/kosync/syncs/progress',
    headers: headersOf(alice.email, aliceKey),
    payload: { document, progress: secret, percentage: 0.42, device: 'Kobo' },
  });
  expect(pushed.statusCode, pushed.body).toBe(200);
});
afterAll(() => t.close());

describe('the protocol’s routes', () => {
  it('are found in the route table, with a rate limit on each that writes', () => {
    const table = routes.map((r) => `${r.method} ${r.url}`);
    for (const route of [
      'GET /kosync/healthcheck',
      'POST /kosync/users/create',
      'GET /kosync/users/auth',
      'PUT /kosync/syncs/progress',
      'GET /kosync/syncs/progress/:document',
    ]) {
      expect(table).toContain(route);
    }
    const unlimited = routes.filter(
      (r) => r.method !== 'GET' && r.method !== 'HEAD' && !r.contract.config?.rateLimit,
    );
    expect(unlimited.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuse, in the protocol’s terms and in French, whoever is not a device of the reader', async () => {
    const before = await aliceRows();
    const callers: [string, Record<string, string>][] = [
      ['no credentials', { accept: KOSYNC_MEDIA_TYPE, 'content-type': 'application/json' }],
      ['the Lisons password', headersOf(alice.email, md5(alice.password))],
      ['a wrong key', headersOf(alice.email, md5('devinette'))],
      ['another reader’s key', headersOf(alice.email, brunoKey)],
      ['a session cookie', { ...headersOf('', ''), cookie: alice.cookie }],
      [
        'a key as a hash in capitals for another login',
        headersOf(bruno.email, aliceKey.toUpperCase()),
      ],
    ];
    let refused = 0;
    for (const route of routes) {
      for (const [who, headers] of callers) {
        const res = await t.app.inject({ ...requestOf(route, headers), remoteAddress: '10.7.0.1' });
        const where = `${route.method} ${route.url} with ${who}`;
        expect(res.body, where).not.toContain(secret);
        if (route.url === '/kosync/healthcheck') {
          expect(res.statusCode, where).toBe(200);
          continue;
        }
        expectProtocolRefusal(res, where);
        refused += 1;
        if (route.url === '/kosync/users/create') expect(res.statusCode, where).toBe(402);
        else if (route.url.endsWith('/*')) expect(res.statusCode, where).toBe(404);
        else {
          expect(res.statusCode, where).toBe(401);
          expect(res.json(), where).toEqual({
            code: 2001,
            message: kosyncProtocolMessages.unauthorized,
          });
        }
      }
    }
    expect(refused).toBeGreaterThanOrEqual(routes.length * callers.length - callers.length);
    expect(await aliceRows()).toEqual(before);
  });

  it('give another reader nothing of a book with the same file, and change nothing of hers', async () => {
    const before = await aliceRows();
    const headers = headersOf(bruno.email, brunoKey);
    const pulled = await t.app.inject({
      method: 'GET',
      url: `/kosync/syncs/progress/${document}`,
      headers,
    });
    expect(pulled.statusCode).toBe(200);
    expect(pulled.json()).toEqual({});
    const pushed = await t.app.inject({
      method: 'PUT',
      url: '/kosync/syncs/progress',
      headers,
      payload: { document, progress: 'bruno', percentage: 0.9, device: 'Kindle' },
    });
    expect(pushed.statusCode).toBe(200);
    expect(await aliceRows()).toEqual(before);
    const again = await t.app.inject({
      method: 'GET',
      url: `/kosync/syncs/progress/${document}`,
      headers: headersOf(alice.email, aliceKey),
    });
    expect(again.json()).toMatchObject({ progress: secret, percentage: 0.42 });
  });
});

describe('whatever a device sends', () => {
  it('is never a 5xx, and every refusal is the protocol’s, in French', async () => {
    const writes = routes.filter((r) => r.method !== 'GET');
    const headers = fc.oneof(
      fc.constant(null),
      fc.record({
        'x-auth-user': fc.oneof(fc.string({ maxLength: 400 }), fc.constant(bruno.email)),
        'x-auth-key': fc.string({ maxLength: 400 }),
      }),
    );
    const bodies = bodyArbitrary(null, { uuids: [], slugs: [] });
    for (const route of writes) {
      for (const [body, sent] of fc.sample(fc.tuple(bodies, headers), RUNS)) {
        const { address, key } = next();
        const res = await t.app.inject({
          method: route.method as 'PUT',
          url: route.url.replace('*', 'x'),
          headers: { ...(sent ?? headersOf(bruno.email, key)), 'content-type': body.type },
          payload: body.raw,
          remoteAddress: address,
        });
        const where = `${route.method} ${route.url} ${body.raw.slice(0, 80)}`;
        expect(res.statusCode, `${where} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400 && res.statusCode !== 429) expectProtocolRefusal(res, where);
      }
    }
    // Bodies near the protocol's own: hostile values in each field.
    const fields = fc.record(
      {
        document: fc.oneof(fc.constant(md5('x')), fc.string(), fc.integer(), fc.constant(null)),
        progress: fc.oneof(fc.string({ maxLength: 1_200 }), fc.integer(), fc.constant(null)),
        percentage: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
        device: fc.oneof(fc.string({ maxLength: 120 }), fc.constant(null)),
        device_id: fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.constant(null)),
        metadata: fc.oneof(fc.object(), fc.string(), fc.constant(null)),
      },
      { requiredKeys: [] },
    );
    const answered: number[] = [];
    for (const payload of fc.sample(fields, RUNS * 4)) {
      const { address, key } = next();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/kosync/syncs/progress',
        headers: headersOf(bruno.email, key),
        payload: JSON.stringify(payload),
        remoteAddress: address,
      });
      answered.push(res.statusCode);
      const where = `PUT ${JSON.stringify(payload).slice(0, 120)}`;
      expect(res.statusCode, `${where} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expectProtocolRefusal(res, where);
    }
    // The sweep reached the checks (no rate limit answered instead of them).
    expect(answered.filter((s) => s === 429)).toEqual([]);
    expect(answered.filter((s) => s === 403).length).toBeGreaterThan(RUNS);
    // Paths a router might choke on.
    for (const path of fc.sample(fc.string({ maxLength: 200 }), RUNS)) {
      const { address, key } = next();
      const res = await t.app.inject({
        method: 'GET',
        url: `/kosync/syncs/progress/${encodeURIComponent(asText(path))}`,
        headers: headersOf(bruno.email, key),
        remoteAddress: address,
      });
      expect(res.statusCode, `${path} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
