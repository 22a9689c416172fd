import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KOSYNC_MEDIA_TYPE } from '../../../domain/kosync';
import type { KosyncOverview } from '../../../domain/kosync.schemas';
import { kosyncProtocolMessages as pm } from '../../../domain/messages/kosync';
import type { NotificationList } from '../../../domain/notifications.schemas';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createQuestions, createReader, type Reader } from '../../test/factories';
import { type KoreaderDevice, koreaderDevice, md5, rawRequest } from '../../test/koreader-client';

// KOReader's « Progress sync » plugin against Lisons, as the plugin calls it (decision 053):
// a reader makes a device password in Paramètres, logs in from the device, opens an unknown
// book (a pull), closes it at 40 % (a push), links it to the catalogue's book in Lisons, and
// sees the page reached and the invitation to validate; the device never validates.

let t: TestApp;
let server: string;
let lea: Reader;
let passwordA: string;
let passwordB: string;
let kobo: KoreaderDevice;
let phone: KoreaderDevice;
const digest = md5('les-miserables.epub contents');
const book = { id: '', slug: '' };

const rows = async (readerId: string) =>
  (
    await t.database.db.execute<{ document: string; percentage: number; progress: string }>(
      sql`select document, percentage, progress from kosync_documents where user_id = ${readerId}::uuid order by document`,
    )
  ).rows;

async function newDevicePassword(reader: Reader, name: string): Promise<string> {
  const res = await callAs(t.app, reader).post('/api/kosync/devices', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().password as string;
}

beforeAll(async () => {
  t = await buildTestApp({ ANSWER_RATE_LIMIT: '1000' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  server = `${address}/kosync`;
  lea = await createReader(t.app);
  const created = await createBook(t.database.db, { title: 'Les Misérables', totalPages: 300 });
  await createQuestions(t.database.db, created);
  book.id = created.id;
  book.slug = created.slug;
  passwordA = await newDevicePassword(lea, 'Kobo Clara');
  passwordB = await newDevicePassword(lea, 'Téléphone');
  kobo = koreaderDevice({ server, model: 'Kobo_spaBW', deviceId: randomUUID() });
  phone = koreaderDevice({ server, model: 'Android', deviceId: randomUUID() });
});
afterAll(() => t.close());

describe('KOReader’s login dialog', () => {
  it('« Register » is refused: accounts are made on Lisons (402, code 2005, French)', async () => {
    const res = await kobo.register('nouveau@exemple.fr', 'secret');
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ code: 2005, message: pm.registrationDisabled });
    expect(String(res.headers['content-type'])).toContain(KOSYNC_MEDIA_TYPE);
    const users = await t.database.db.execute(
      sql`select 1 from users where email = 'nouveau@exemple.fr'`,
    );
    expect(users.rows).toEqual([]);
  });

  it('« Login » with the Lisons password, or a wrong key, is 401 code 2001, in French', async () => {
    for (const [name, password] of [
      [lea.email, lea.password],
      [lea.email, `${passwordA}x`],
      ['quelquun@exemple.fr', passwordA],
      ['', ''],
    ] as const) {
      const res = await kobo.login(name, password);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 2001, message: pm.unauthorized });
    }
  });

  it('« Login » with the e-mail and a device password answers {"authorized":"OK"}', async () => {
    const res = await kobo.login(lea.email, passwordA);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ authorized: 'OK' });
    expect(String(res.headers['content-type'])).toContain(KOSYNC_MEDIA_TYPE);
    expect(res.headers['cache-control']).toBe('no-store');
    // The e-mail in capitals is the same username (KOReader users type it by hand).
    expect((await phone.login(lea.email.toUpperCase(), passwordB)).status).toBe(200);
  });
});

describe('a book opened, read and closed on the device', () => {
  it('opening an unknown book pulls nothing: 200 {}, which KOReader reads as "no progress"', async () => {
    const res = await kobo.openDocument(digest);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(kobo.readsAs(res.body)).toBe('no progress');
  });

  it('closing it at 40 % pushes the position: {document, timestamp} in seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await kobo.closeDocument(digest, {
      progress: '/body/DocFragment[11]/body/div/p[7]/text().123',
      percentage: 0.4,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { document: string; timestamp: number };
    expect(Object.keys(body).sort()).toEqual(['document', 'timestamp']);
    expect(body.document).toBe(digest);
    expect(body.timestamp).toBeGreaterThanOrEqual(before - 1);
    expect(body.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
  });

  it('reopened on the same device, the position comes back byte for byte, as its own', async () => {
    const res = await kobo.openDocument(digest);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      document: digest,
      percentage: 0.4,
      progress: '/body/DocFragment[11]/body/div/p[7]/text().123',
      device: 'Kobo_spaBW',
      device_id: kobo.deviceId,
    });
    expect(typeof (res.body as { timestamp: unknown }).timestamp).toBe('number');
    expect(kobo.readsAs(res.body)).toBe('from this device');
  });

  it('another device of the reader pulls it as another device’s, then pushes its own', async () => {
    const pulled = await phone.openDocument(digest);
    expect(phone.readsAs(pulled.body)).toBe('from another device');
    const pushed = await phone.closeDocument(digest, {
      progress: '/body/DocFragment[12]',
      percentage: 0.45,
    });
    expect(pushed.status).toBe(200);
    // Last write wins, as in the reference server: the Kobo now sees the phone's.
    const back = await kobo.openDocument(digest);
    expect(back.body).toMatchObject({ percentage: 0.45, device: 'Android' });
    expect(kobo.readsAs(back.body)).toBe('from another device');
    await kobo.closeDocument(digest, {
      progress: '/body/DocFragment[11]/body/div/p[7]/text().123',
      percentage: 0.4,
    });
  });

  it('the unknown book is in Lisons once, asking which book it is, with a notification', async () => {
    const overview = (await callAs(t.app, lea).get('/api/kosync')).json() as KosyncOverview;
    expect(overview.login).toBe(lea.email);
    expect(overview.server).toBe('http://localhost:3000/kosync');
    expect(overview.devices.map((d) => d.name)).toEqual(['Kobo Clara', 'Téléphone']);
    expect(overview.devices[0]?.lastUsedAt).not.toBeNull();
    expect(overview.documents).toEqual([
      expect.objectContaining({ document: digest, book: null, page: null, percentage: 0.4 }),
    ]);
    const bell = (await callAs(t.app, lea).get('/api/notifications')).json() as NotificationList;
    expect(bell.items.filter((n) => n.type === 'device_unknown_book')).toHaveLength(1);
  });
});

describe('the book linked in Lisons', () => {
  it('shows the page reached and invites to validate the segment passed; validates nothing', async () => {
    const me = callAs(t.app, lea);
    // The book page is read (and kept in memory) before the link.
    expect((await me.get(`/api/books/${book.slug}`)).json()).toMatchObject({ device: null });
    const linked = await me.put(`/api/kosync/documents/${digest}/book`, { bookId: book.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().message).toContain('Les Misérables');
    const page = (await me.get(`/api/books/${book.slug}`)).json();
    // 40 % of 300 pages: page 120, the end of segment 4; nothing is validated yet.
    expect(page.progress).toMatchObject({ segmentsValidated: 0 });
    expect(page.device).toMatchObject({
      page: 120,
      totalPages: 300,
      percentage: 0.4,
      device: 'Kobo_spaBW',
      segmentToValidate: 1,
      segmentEndPage: 30,
    });
    const bell = (await me.get('/api/notifications')).json() as NotificationList;
    const invitations = bell.items.filter((n) => n.type === 'device_segment_ready');
    expect(invitations).toEqual([
      expect.objectContaining({
        book: expect.objectContaining({ id: book.id }),
        meta: expect.objectContaining({ segment: 1 }),
      }),
    ]);
    const validations = await t.database.db.execute(
      sql`select 1 from reading_validations where user_id = ${lea.id}::uuid`,
    );
    expect(validations.rows).toEqual([]);
  });

  it('a push shows on the book page at once, on a page kept in memory', async () => {
    const me = callAs(t.app, lea);
    expect((await me.get(`/api/books/${book.slug}`)).json().device.page).toBe(120);
    expect(
      (await kobo.push(digest, { progress: '/body/DocFragment[14]', percentage: 0.5 })).status,
    ).toBe(200);
    expect((await me.get(`/api/books/${book.slug}`)).json().device).toMatchObject({ page: 150 });
    expect(
      (await kobo.push(digest, { progress: '/body/DocFragment[15]', percentage: 0.55 })).status,
    ).toBe(200);
    expect((await me.get(`/api/books/${book.slug}`)).json().device).toMatchObject({ page: 165 });
  });

  it('once the reader validates, the next segment is the one invited, once', async () => {
    const me = callAs(t.app, lea);
    const answered = await me.post(`/api/books/${book.id}/segments/1/answer`, { answer: 'mot1' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await me.get(`/api/books/${book.slug}`)).json().device).toMatchObject({
      segmentToValidate: 2,
      segmentEndPage: 60,
    });
    await kobo.push(digest, { progress: '/body/DocFragment[15]', percentage: 0.56 });
    await kobo.push(digest, { progress: '/body/DocFragment[15]', percentage: 0.57 });
    const bell = (await me.get('/api/notifications')).json() as NotificationList;
    const segments = bell.items
      .filter((n) => n.type === 'device_segment_ready')
      .map((n) => n.meta.segment)
      .sort();
    expect(segments).toEqual([1, 2]);
    // One validation: the reader's answer. The device's pushes made none.
    const validations = await t.database.db.execute(
      sql`select segment from reading_validations where user_id = ${lea.id}::uuid`,
    );
    expect(validations.rows).toEqual([{ segment: 1 }]);
  });
});

describe('what a device may not do', () => {
  const position = { progress: '/body/DocFragment[2]', percentage: 0.1 };

  it('refuses a wrong key, a revoked password, or none: 401 code 2001, nothing stored', async () => {
    const before = await rows(lea.id);
    const thief = koreaderDevice({ server, model: 'Kobo', deviceId: randomUUID() });
    expect((await thief.login(lea.email, 'devine')).status).toBe(401);
    const res = await thief.push(digest, position);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 2001, message: pm.unauthorized });
    expect((await thief.pull(digest)).status).toBe(401);

    const reader = await createReader(t.app);
    const revoked = await newDevicePassword(reader, 'Vieille liseuse');
    const old = koreaderDevice({ server, model: 'Kobo', deviceId: randomUUID() });
    expect((await old.login(reader.email, revoked)).status).toBe(200);
    const overview = (await callAs(t.app, reader).get('/api/kosync')).json() as KosyncOverview;
    const id = overview.devices[0]?.id;
    expect((await callAs(t.app, reader).delete(`/api/kosync/devices/${id}`)).statusCode).toBe(200);
    expect((await old.push(digest, position)).status).toBe(401);
    expect(await rows(reader.id)).toEqual([]);
    expect(await rows(lea.id)).toEqual(before);
  });

  it('refuses bad input in the protocol’s terms, in French, and changes nothing', async () => {
    const before = await rows(lea.id);
    const cases: [Record<string, unknown>, number, number, string][] = [
      [{ document: 'abc' }, 403, 2004, pm.documentInvalid],
      [{ document: `${digest}0` }, 403, 2004, pm.documentInvalid],
      [{ document: 'g'.repeat(32) }, 403, 2004, pm.documentInvalid],
      [{ document: undefined }, 403, 2004, pm.documentInvalid],
      [{ percentage: 1.5 }, 403, 2003, pm.percentageInvalid],
      [{ percentage: -0.01 }, 403, 2003, pm.percentageInvalid],
      [{ percentage: 'beaucoup' }, 403, 2003, pm.percentageInvalid],
      [{ percentage: null }, 403, 2003, pm.percentageInvalid],
      [{ progress: '' }, 403, 2003, pm.progressInvalid],
      [{ progress: 'x'.repeat(1001) }, 403, 2003, pm.progressInvalid],
      [{ device: '' }, 403, 2003, pm.deviceInvalid],
      [{ device: 'd'.repeat(101) }, 403, 2003, pm.deviceInvalid],
      [{ device_id: 5 }, 403, 2003, pm.deviceIdInvalid],
      [{ metadata: { title: 'x'.repeat(20_000) } }, 413, 2003, pm.tooLarge],
    ];
    for (const [change, status, code, message] of cases) {
      const res = await kobo.push(digest, position, change);
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(status);
      expect(res.body).toEqual({ code, message });
    }
    // Not JSON, not an object, a NUL character.
    const raw = (body: string) =>
      rawRequest(`${server}/`, {
        method: 'PUT',
        path: 'syncs/progress',
        headers: {
          accept: KOSYNC_MEDIA_TYPE,
          'content-type': 'application/json',
          'x-auth-user': lea.email,
          'x-auth-key': md5(passwordA),
        },
        body,
      });
    expect((await raw('{"document": ')).body).toEqual({ code: 103, message: pm.invalidJson });
    expect((await raw('[1, 2]')).body).toEqual({ code: 104, message: pm.notAnObject });
    const nul = await raw(
      JSON.stringify({ document: digest, progress: 'a\u0000b', percentage: 0.1, device: 'Kobo' }),
    );
    expect(nul.status).toBe(403);
    expect((nul.body as { code: number }).code).toBe(2003);
    // A pull of something that is no digest.
    const pulled = await kobo.pull('not-a-digest');
    expect(pulled.status).toBe(403);
    expect(pulled.body).toEqual({ code: 2004, message: pm.documentInvalid });
    expect(await rows(lea.id)).toEqual(before);
  });

  it('keeps each reader’s documents their own, even for the same book file', async () => {
    const other = await createReader(t.app);
    const device = koreaderDevice({ server, model: 'Kobo', deviceId: randomUUID() });
    expect((await device.login(other.email, await newDevicePassword(other, 'Kobo'))).status).toBe(
      200,
    );
    // Lea's file has the same digest: the other reader sees nothing of hers.
    expect((await device.pull(digest)).body).toEqual({});
    const before = await rows(lea.id);
    expect((await device.push(digest, { progress: '12', percentage: 0.04 })).status).toBe(200);
    expect(await rows(lea.id)).toEqual(before);
    expect((await kobo.pull(digest)).body).toMatchObject({ percentage: before[0]?.percentage });
    // Nor can the other reader link, unlink or see Lea's documents and devices.
    const overview = (await callAs(t.app, other).get('/api/kosync')).json() as KosyncOverview;
    expect(overview.devices.map((d) => d.name)).toEqual(['Kobo']);
    expect(overview.documents.map((d) => d.document)).toEqual([digest]);
    const leaDevices = ((await callAs(t.app, lea).get('/api/kosync')).json() as KosyncOverview)
      .devices;
    const res = await callAs(t.app, other).delete(`/api/kosync/devices/${leaDevices[0]?.id}`);
    expect(res.statusCode).toBe(404);
    expect((await kobo.login(lea.email, passwordA)).status).toBe(200);
  });

  it('accepts the vendor media type, or no Content-Type at all, and no Accept header', async () => {
    const body = JSON.stringify({
      document: digest,
      progress: 'p',
      percentage: 0.57,
      device: 'Kobo_spaBW',
      device_id: kobo.deviceId,
    });
    for (const headers of [{ 'content-type': KOSYNC_MEDIA_TYPE }, {}] as Record<string, string>[]) {
      const res = await rawRequest(`${server}/`, {
        method: 'PUT',
        path: 'syncs/progress',
        headers: { ...headers, 'x-auth-user': lea.email, 'x-auth-key': md5(passwordA) },
        body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('answers 404 in the protocol’s shape for any other path under /kosync', async () => {
    const res = await rawRequest(`${server}/`, { method: 'DELETE', path: 'users/me' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: pm.notFound });
  });
});

describe('rate limits', () => {
  it('a device past 60 requests a minute gets 429 with the wait, in French', async () => {
    const reader = await createReader(t.app);
    const device = koreaderDevice({ server, model: 'Kobo', deviceId: randomUUID() });
    expect((await device.login(reader.email, await newDevicePassword(reader, 'Kobo'))).status).toBe(
      200,
    );
    const doc = md5('un autre livre');
    for (let i = 1; i < 60; i++) {
      expect((await device.push(doc, { progress: String(i), percentage: i / 100 })).status).toBe(
        200,
      );
    }
    const res = await device.push(doc, { progress: '61', percentage: 0.61 });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: 429,
      message: 'Trop de requêtes\u00a0: réessaie dans 1\u00a0min.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await device.pull(doc)).status).toBe(429);
    expect(await rows(reader.id)).toEqual([
      expect.objectContaining({ percentage: 0.59, progress: '59' }),
    ]);
  });

  it('an address past 30 wrong keys in 15 minutes gets 429 instead of 401', async () => {
    const inject = (n: number) =>
      t.app.inject({
        method: 'GET',
        url: '/kosync/users/auth',
        headers: {
          accept: KOSYNC_MEDIA_TYPE,
          'x-auth-user': lea.email,
          'x-auth-key': md5(`faux${n}`),
        },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 30; i++) expect((await inject(i)).statusCode).toBe(401);
    const res = await inject(31);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(429);
  });

  it('an address past 600 requests a minute gets 429, even with a right key', async () => {
    await t.database.db.execute(sql`insert into rate_limits (key, count, reset_at)
      values ('kosync-ip:10.8.8.8', 600, now() + interval '1 minute')`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/kosync/users/auth',
      headers: {
        accept: KOSYNC_MEDIA_TYPE,
        'x-auth-user': lea.email,
        'x-auth-key': md5(passwordA),
      },
      remoteAddress: '10.8.8.8',
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
