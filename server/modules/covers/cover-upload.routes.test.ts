import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES, coverSrcSets } from '../../../domain/covers';
import { coverUploadMessages as m } from '../../../domain/messages/covers';
import { books } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createAdmin, createBook, createReader, type Reader } from '../../test/factories';
import { createAuditRepository } from '../audit/audit.repository';
import { drawAutoCover } from './auto-cover';
import { writeCover } from './cover-files.repository';
import { bookCoverFiles, bookCovers } from './covers.table';

const ADMIN = 'chef-televersement@lisons.app';

const png = (width: number, height: number, background = '#77aa44') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('cover upload (PUT /api/admin/books/:id/cover) and cover files', () => {
  let t: TestApp;
  let admin: Reader;
  let reader: Reader;

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    await t.app.ready();
    admin = await createAdmin(t, { email: ADMIN });
    reader = await createReader(t.app);
  });
  afterAll(async () => t.close());

  const upload = (bookId: string, body: Buffer | string, type = 'image/png', who = admin) =>
    callAs(t.app, who).put(`/api/admin/books/${bookId}/cover`, body, {
      headers: { 'content-type': type },
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('crops, resizes and serves six variants under hashed, immutable URLs', async () => {
    const book = await createBook(t.database.db);
    const res = await upload(book.id, await png(900, 900));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.coverUrl).toBe(`/covers/${book.slug}.jpg?v=${body.version}`);

    // The card URLs serve the new 512×768 cover.
    const card = await get(body.coverUrl);
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 512, height: 768 });

    const sets = coverSrcSets(body.coverUrl);
    expect(sets?.avif).toBe(
      `/covers/${book.slug}/${body.version}-256.avif 256w, /covers/${book.slug}/${body.version}-512.avif 512w`,
    );
    for (const [variant, type, width] of [
      ['256.avif', 'image/avif', 256],
      ['512.webp', 'image/webp', 512],
      ['256.jpg', 'image/jpeg', 256],
    ] as const) {
      const file = await get(`/covers/${book.slug}/${body.version}-${variant}`);
      expect(file.statusCode, variant).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(width);
      const again = await get(`/covers/${book.slug}/${body.version}-${variant}`, {
        'if-none-match': String(file.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    }
    const stored = await t.database.db
      .select()
      .from(bookCoverFiles)
      .where(eq(bookCoverFiles.bookId, book.id));
    expect(stored).toHaveLength(6);
    const [cover] = await t.database.db
      .select()
      .from(bookCovers)
      .where(eq(bookCovers.bookId, book.id));
    expect(cover?.generator).toBeNull();

    // The write is in the audit trail, with the version before and after.
    const [entry] = (
      await createAuditRepository({ db: t.database.db }).page({ entityId: book.id, page: 1 })
    ).items;
    expect(entry).toMatchObject({
      action: 'book.cover.upload',
      admin: { id: admin.id },
      before: { coverVersion: null, generator: null },
      after: { coverVersion: body.version, generator: null },
    });

    // A new cover: new URLs; the old ones answer 404.
    const second = (await upload(book.id, await png(400, 700, '#223366'))).json();
    expect(second.version).not.toBe(body.version);
    expect((await get(`/covers/${book.slug}/${body.version}-512.webp`)).statusCode).toBe(404);
    expect((await get(`/covers/${book.slug}/${second.version}-512.webp`)).statusCode).toBe(200);
  });

  it('makes the variants of a drawn cover on first request, then keeps them', async () => {
    const book = await createBook(t.database.db, { title: 'Un conte dessiné' });
    const drawn = await drawAutoCover({ ...book, tags: [] });
    await t.database.db.transaction((tx) => writeCover(tx, book.id, drawn));
    const url = `/covers/${book.slug}/${drawn.version}-256.webp`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect((await sharp(first.rawPayload).metadata()).width).toBe(256);
    const kept = await t.database.db
      .select()
      .from(bookCoverFiles)
      .where(eq(bookCoverFiles.bookId, book.id));
    expect(kept.map((f) => f.variant)).toEqual(['256.webp']);
    // A version that is not the book's: 404; a malformed name: 404.
    expect((await get(`/covers/${book.slug}/abcdef123456-256.webp`)).statusCode).toBe(404);
    expect((await get(`/covers/${book.slug}/nimporte.png`)).statusCode).toBe(404);
  });

  it('refuses what is not an image, in the spec’s words, and changes nothing', async () => {
    const book = await createBook(t.database.db);
    const cases = [
      { body: 'bonjour', type: 'text/plain', status: 415, message: m.notAnImage },
      { body: '{"a":1}', type: 'application/json', status: 415, message: m.notAnImage },
      { body: Buffer.from('pas une image'), type: 'image/png', status: 400, message: m.unreadable },
      {
        body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        type: 'image/svg+xml',
        status: 400,
        message: m.unsupportedFormat,
      },
      {
        body: Buffer.alloc(COVER_MAX_BYTES + 1, 1),
        type: 'image/jpeg',
        status: 413,
        message: m.tooLarge,
      },
    ];
    for (const c of cases) {
      const res = await upload(book.id, c.body, c.type);
      expect(res.statusCode, c.type).toBe(c.status);
      expect(res.json().error.message).toBe(c.message);
    }
    const [row] = await t.database.db.select().from(books).where(eq(books.id, book.id));
    expect(row?.coverVersion).toBeNull();
    expect(
      await t.database.db.select().from(bookCoverFiles).where(eq(bookCoverFiles.bookId, book.id)),
    ).toHaveLength(0);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const book = await createBook(t.database.db);
    const image = await png(300, 450);
    // Padding after the PNG's end: sharp reads the image, the size is the limit itself.
    const padded = Buffer.concat([image, Buffer.alloc(COVER_MAX_BYTES - image.length)]);
    expect(padded.length).toBe(COVER_MAX_BYTES);
    expect((await upload(book.id, padded)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown book and 403 for a reader', async () => {
    const image = await png(10, 15);
    const unknown = await upload('00000000-0000-4000-8000-000000000000', image);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(m.bookNotFound);
    const book = await createBook(t.database.db);
    expect((await upload(book.id, image, 'image/png', reader)).statusCode).toBe(403);
  });
});
