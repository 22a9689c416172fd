import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { READERS_CHANNEL } from '../../db/reader-cache';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createTestDatabase } from '../../test/database';
import { createBook, createReader, type Reader } from '../../test/factories';
import { koreaderDevice, md5 } from '../../test/koreader-client';

// A device's push shows on the reader's book page, which every process keeps in memory
// (decision 049): the process that answers the push drops the reader's pages before it
// answers (a device sends no session, so app.ts's hook for readers' writes cannot), and the
// database tells every process (migration 0037's triggers, on linked documents only).

describe('the book page after a push', () => {
  let t: TestApp;
  let database: Database;
  const heard: string[] = [];
  let reader: Reader;
  let slug: string;
  let push: (percentage: number) => Promise<number>;
  const doc = md5('un livre lié');

  beforeAll(async () => {
    // This app hears nothing of the readers' channel: only its own drop can refresh a page.
    const real = await createTestDatabase();
    database = {
      ...real,
      listen: async (channel, onChange) =>
        real.listen(channel, (event) => {
          if (channel === READERS_CHANNEL && 'payload' in event) heard.push(event.payload);
          else onChange(event);
        }),
    };
    t = await buildTestApp({}, { database });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    reader = await createReader(t.app);
    const book = await createBook(database.db, { totalPages: 200 });
    slug = book.slug;
    const created = await callAs(t.app, reader).post('/api/kosync/devices', { name: 'Kobo' });
    const device = koreaderDevice({
      server: `${address}/kosync`,
      model: 'Kobo',
      deviceId: randomUUID(),
    });
    expect((await device.login(reader.email, created.json().password)).status).toBe(200);
    push = async (percentage) =>
      (await device.push(doc, { progress: String(percentage), percentage })).status;
    expect(await push(0.1)).toBe(200);
    const linked = await callAs(t.app, reader).put(`/api/kosync/documents/${doc}/book`, {
      bookId: book.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
  });
  afterAll(() => t.close());

  const devicePage = async () =>
    (await callAs(t.app, reader).get(`/api/books/${slug}`)).json().device?.page;

  it('shows the new page at once in the process that took the push, without the NOTIFY', async () => {
    expect(await devicePage()).toBe(20);
    expect(await push(0.25)).toBe(200);
    expect(await devicePage()).toBe(50);
    expect(await push(0.3)).toBe(200);
    expect(await devicePage()).toBe(60);
  });

  const barrier = async (tag: string) => {
    await database.db.execute(sql`select pg_notify(${READERS_CHANNEL}, ${`barrier:${tag}`})`);
    await vi.waitFor(() => expect(heard).toContain(`barrier:${tag}`));
  };

  it('tells every process whose pages to drop, for a linked document only', async () => {
    heard.length = 0;
    expect(await push(0.35)).toBe(200);
    await vi.waitFor(() => expect(heard).toContain(`r:${reader.id}`));
    // An unknown document is on no cached page: its pushes stay silent (but the first one's
    // notification, which the bell shows).
    const password = (
      await callAs(t.app, reader).post('/api/kosync/devices', { name: 'Autre' })
    ).json().password as string;
    const pushUnknown = (percentage: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/kosync/syncs/progress',
        headers: {
          'content-type': 'application/json',
          'x-auth-user': reader.email,
          'x-auth-key': md5(password),
        },
        payload: { document: md5('inconnu'), progress: '1', percentage, device: 'Autre' },
      });
    // Its first push notifies (the bell). A push may commit twice (its position, then an
    // invitation), all with the same payload: a barrier of our own on the channel, heard after
    // every earlier commit's (one listener hears them in commit order), starts a clean count.
    expect((await pushUnknown(0.5)).statusCode).toBe(200);
    await barrier('avant');
    heard.length = 0;
    expect((await pushUnknown(0.6)).statusCode).toBe(200);
    expect(await push(0.36)).toBe(200);
    await barrier('après');
    // Heard once: for the linked push, not for the unknown document's second push.
    expect(heard.filter((p) => p === `r:${reader.id}`)).toHaveLength(1);
  });
});
