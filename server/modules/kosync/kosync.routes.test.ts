import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PASSWORD_LENGTH } from '../../../domain/kosync';
import type { KosyncOverview } from '../../../domain/kosync.schemas';
import { kosyncMessages as m } from '../../../domain/messages/kosync';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createBook, createReader, type Reader } from '../../test/factories';
import { md5 } from '../../test/koreader-client';
import { keyHash, koreaderKey } from './kosync.keys';

// Paramètres' « Liseuse KOReader » (decision 053): a reader's device passwords and the books
// their devices reported, theirs only, every refusal in French and changing nothing.

let t: TestApp;
let lea: Reader;
beforeAll(async () => {
  t = await buildTestApp();
  lea = await createReader(t.app);
});
afterAll(() => t.close());

const overviewOf = async (reader: Reader) => {
  const res = await callAs(t.app, reader).get('/api/kosync');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json() as KosyncOverview;
};

/** A document as a device would have pushed it (the protocol's own path is tested apart). */
async function reported(reader: Reader, document: string, percentage = 0.5) {
  await t.database.db.execute(sql`insert into kosync_documents
    (user_id, document, percentage, progress, device)
    values (${reader.id}::uuid, ${document}, ${percentage}, '/body/DocFragment[3]', 'Kobo')`);
}

describe('device passwords', () => {
  it('are for signed-in readers only (401, French)', async () => {
    // Valid requests (bad input is a 400 before it is a 401).
    for (const [method, url, body] of [
      ['GET', '/api/kosync', undefined],
      ['POST', '/api/kosync/devices', { name: 'Kobo' }],
      ['DELETE', `/api/kosync/devices/${randomUUID()}`, {}],
      ['PUT', `/api/kosync/documents/${md5('x')}/book`, { bookId: randomUUID() }],
      ['DELETE', `/api/kosync/documents/${md5('x')}/book`, {}],
    ] as const) {
      const res = await callAs(t.app, null).send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.message).toMatch(/connecté/);
    }
    const devices = await t.database.db.execute(sql`select 1 from kosync_devices`);
    expect(devices.rows).toEqual([]);
  });

  it('shows a new password once, keeps only the hash of its KOReader key', async () => {
    const res = await callAs(t.app, lea).post('/api/kosync/devices', { name: '  Kobo Clara ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { device, password } = res.json();
    expect(password).toMatch(new RegExp(`^[a-z2-9]{${DEVICE_PASSWORD_LENGTH}}$`));
    expect(device).toMatchObject({ name: 'Kobo Clara', lastUsedAt: null });
    const stored = await t.database.db.execute<{ key_hash: string; login: string }>(
      sql`select key_hash, login from kosync_devices where id = ${device.id}::uuid`,
    );
    expect(stored.rows).toEqual([{ key_hash: keyHash(koreaderKey(password)), login: lea.email }]);
    expect(JSON.stringify(stored.rows)).not.toContain(password);
    const overview = await overviewOf(lea);
    expect(overview).toMatchObject({ login: lea.email, server: 'http://localhost:3000/kosync' });
    expect(JSON.stringify(overview)).not.toContain(password);
    expect(JSON.stringify(overview)).not.toContain(stored.rows[0]?.key_hash);
  });

  it('refuses a missing or long name, and an eleventh password, in French', async () => {
    const me = callAs(t.app, lea);
    for (const [body, message] of [
      [{ name: '   ' }, m.deviceNameRequired],
      [{}, m.deviceNameRequired],
      [{ name: 'x'.repeat(41) }, m.deviceNameTooLong],
    ] as const) {
      const res = await me.post('/api/kosync/devices', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const reader = await createReader(t.app);
    const them = callAs(t.app, reader);
    for (let i = 0; i < 10; i++) {
      expect((await them.post('/api/kosync/devices', { name: `Liseuse ${i}` })).statusCode).toBe(
        201,
      );
    }
    const res = await them.post('/api/kosync/devices', { name: 'Une de trop' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.tooManyDevices);
    expect((await overviewOf(reader)).devices).toHaveLength(10);
  });

  it('revokes one’s own password only; another reader’s is not found', async () => {
    const bruno = await createReader(t.app);
    const created = await callAs(t.app, bruno).post('/api/kosync/devices', { name: 'Kindle' });
    const id = created.json().device.id;
    const refused = await callAs(t.app, lea).delete(`/api/kosync/devices/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(m.deviceNotFound);
    expect((await overviewOf(bruno)).devices).toHaveLength(1);
    expect((await callAs(t.app, bruno).delete(`/api/kosync/devices/${id}`)).statusCode).toBe(200);
    expect((await overviewOf(bruno)).devices).toEqual([]);
    expect((await callAs(t.app, bruno).delete(`/api/kosync/devices/${id}`)).statusCode).toBe(404);
    expect((await callAs(t.app, bruno).delete('/api/kosync/devices/pas-un-id')).statusCode).toBe(
      400,
    );
  });
});

describe('linking a device’s book', () => {
  it('links an unknown book once, adds it to the list, and can be undone', async () => {
    const reader = await createReader(t.app);
    const me = callAs(t.app, reader);
    const book = await createBook(t.database.db, { title: 'Candide', totalPages: 150 });
    const doc = md5('candide.epub');
    await reported(reader, doc, 0.5);
    expect((await overviewOf(reader)).documents).toEqual([
      expect.objectContaining({ document: doc, book: null, page: null }),
    ]);
    const res = await me.put(`/api/kosync/documents/${doc.toUpperCase()}/book`, {
      bookId: book.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      '«\u00a0Candide\u00a0» est lié à ton appareil et ajouté à ta liste.',
    );
    expect((await overviewOf(reader)).documents).toEqual([
      expect.objectContaining({
        document: doc,
        page: 75,
        book: expect.objectContaining({ id: book.id, title: 'Candide', totalPages: 150 }),
      }),
    ]);
    const list = (await me.get('/api/reading-list')).json().items;
    expect(list.map((i: { book: { id: string } }) => i.book.id)).toEqual([book.id]);

    const again = await me.put(`/api/kosync/documents/${doc}/book`, { bookId: book.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyLinked);

    expect((await me.delete(`/api/kosync/documents/${doc}/book`)).statusCode).toBe(200);
    expect((await overviewOf(reader)).documents[0]).toMatchObject({ book: null, page: null });
    const twice = await me.delete(`/api/kosync/documents/${doc}/book`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(m.notLinked);
  });

  it('refuses another reader’s document, an unknown or unpublished book, a bad digest', async () => {
    const reader = await createReader(t.app);
    const other = await createReader(t.app);
    const doc = md5('zadig.epub');
    await reported(other, doc);
    const book = await createBook(t.database.db, { title: 'Zadig' });
    const hidden = await createBook(t.database.db, { title: 'Caché', isPublished: false });
    const me = callAs(t.app, reader);
    const cases: [string, unknown, number, string][] = [
      [`/api/kosync/documents/${doc}/book`, { bookId: book.id }, 404, m.documentNotFound],
      [`/api/kosync/documents/pas-un-md5/book`, { bookId: book.id }, 400, m.documentInvalid],
      [`/api/kosync/documents/${doc}/book`, { bookId: 'x' }, 400, m.bookIdInvalid],
    ];
    for (const [url, body, status, message] of cases) {
      const res = await me.put(url, body);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    await reported(reader, doc);
    for (const bookId of [randomUUID(), hidden.id]) {
      const res = await me.put(`/api/kosync/documents/${doc}/book`, { bookId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(m.bookNotFound);
    }
    // Nothing changed: both documents unknown, nothing in the list.
    const linked = await t.database.db.execute(
      sql`select book_id from kosync_documents where document = ${doc}`,
    );
    expect(linked.rows).toEqual([{ book_id: null }, { book_id: null }]);
    expect((await me.get('/api/reading-list')).json().items).toEqual([]);
  });
});

describe('a reader’s data', () => {
  it('goes with their account: devices and documents deleted, never in another’s export', async () => {
    const reader = await createReader(t.app);
    await callAs(t.app, reader).post('/api/kosync/devices', { name: 'Kobo' });
    await reported(reader, md5('à effacer'));
    const exported = await callAs(t.app, reader).get('/api/account/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const text = exported.body;
    expect(text).toContain('kosync_devices');
    expect(text).not.toContain('key_hash');
    const deleted = await callAs(t.app, reader).post('/api/account/delete', {
      password: reader.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.database.db.execute(sql`
      select (select count(*) from kosync_devices where user_id = ${reader.id}::uuid)::int as devices,
        (select count(*) from kosync_documents where user_id = ${reader.id}::uuid)::int as documents`);
    expect(left.rows).toEqual([{ devices: 0, documents: 0 }]);
  });
});
