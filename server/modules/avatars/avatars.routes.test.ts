import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import { createReader, type Reader } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const AUTH_REQUIRED = 'Tu dois être connecté pour accéder à cette page.';
const messages = {
  notAnImage: 'Veuillez sélectionner un fichier image',
  tooLarge: "L'image doit faire moins de 5MB",
  unreadable: 'Cette image est illisible. Essaie une photo JPEG, PNG ou WebP.',
  unsupportedFormat: "Ce format d'image n'est pas accepté. Essaie une photo JPEG, PNG ou WebP.",
  tooManyPixels: 'Cette image est trop grande. Essaie une photo de moins de 50 mégapixels.',
};

/** A photo-like JPEG: wide, with an EXIF block holding a GPS position. */
async function jpegWithGps(background = '#c0392b') {
  return sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .toBuffer();
}

async function png(width = 300, height = 200, background = '#2e86c1') {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}

function upload(reader: Reader | null, payload: Buffer | Readable, type = 'image/png') {
  return callAs(t.app, reader).put('/api/profiles/me/avatar', payload, {
    headers: { 'content-type': type },
  });
}

function remove(reader: Reader | null) {
  return callAs(t.app, reader).delete('/api/profiles/me/avatar');
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** What is stored for a reader: their URL and their files' variants. */
async function storedFor(reader: Reader) {
  const url = await t.database.db.execute<{ avatar_url: string | null }>(
    sql`select avatar_url from users where id = ${reader.id}`,
  );
  const files = await t.database.db.execute<{ variant: string }>(
    sql`select variant from avatar_files where user_id = ${reader.id} order by variant`,
  );
  return { url: url.rows[0]?.avatar_url ?? null, variants: files.rows.map((r) => r.variant) };
}

const variantsOf = (url: string) => ({
  'image/avif': [url.replace('-256.webp', '-96.avif'), url.replace('-256.webp', '-256.avif')],
  'image/webp': [url.replace('-256.webp', '-96.webp'), url],
});

function expectRefused(
  res: { statusCode: number; json: () => unknown },
  status: number,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { error: { message: string } }).error.message).toBe(message);
}

describe('uploading a photo', () => {
  it('stores four square variants, sets the URL, and serves each for ever', async () => {
    const reader = await createReader(t.app);
    const source = await jpegWithGps();
    expect((await sharp(source).metadata()).exif).toBeDefined();

    const res = await upload(reader, source, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatarUrl;
    expect(url).toMatch(/^\/avatars\/[0-9a-f]{20}-256\.webp$/);
    expect(res.json()).toMatchObject({ id: reader.id, email: reader.email, avatarUrl: url });
    expect(await storedFor(reader)).toEqual({
      url,
      variants: ['256.avif', '256.webp', '96.avif', '96.webp'],
    });

    for (const [type, urls] of Object.entries(variantsOf(url))) {
      for (const file of urls) {
        const served = await get(file);
        expect(served.statusCode, file).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers.etag).toMatch(/^"[0-9a-f]{20}-(96|256)\.(avif|webp)"$/);
        const size = file.includes('-96.') ? 96 : 256;
        const metadata = await sharp(served.rawPayload).metadata();
        expect(metadata).toMatchObject({ width: size, height: size });
        expect(metadata.format).toBe(type === 'image/webp' ? 'webp' : 'heif');
        // No EXIF at all: the GPS position of the source is gone.
        expect(metadata.exif).toBeUndefined();
      }
    }

    // The session shows the photo at once (header, menus).
    const session = await callAs(t.app, reader).get('/api/auth/session');
    expect(session.json().user.avatarUrl).toBe(url);
  });

  it('answers 304 to a browser that already has the file', async () => {
    const reader = await createReader(t.app);
    const url: string = (await upload(reader, await png())).json().avatarUrl;
    const first = await get(url);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('turns the photo upright by its EXIF orientation before cropping', async () => {
    const reader = await createReader(t.app);
    // Stored with red above blue; orientation 6 says "turn a quarter clockwise to show":
    // shown, blue is on the left and red on the right.
    const red = { r: 220, g: 20, b: 20 };
    const blue = { r: 20, g: 20, b: 220 };
    const half = (background: typeof red) =>
      sharp({ create: { width: 300, height: 150, channels: 3, background } })
        .png()
        .toBuffer();
    const source = await sharp({
      create: { width: 300, height: 300, channels: 3, background: red },
    })
      .composite([{ input: await half(blue), top: 150, left: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const url: string = (await upload(reader, source, 'image/jpeg')).json().avatarUrl;
    const { data, info } = await sharp((await get(url)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return { r: data[i] ?? 0, b: data[i + 2] ?? 0 };
    };
    expect(pixel(20, 128).b).toBeGreaterThan(150);
    expect(pixel(20, 128).r).toBeLessThan(100);
    expect(pixel(236, 128).r).toBeGreaterThan(150);
    expect(pixel(236, 128).b).toBeLessThan(100);
  });

  it('decides by the bytes, not the declared type: a PNG sent as application/octet-stream is fine', async () => {
    const reader = await createReader(t.app);
    const res = await upload(reader, await png(), 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect((await storedFor(reader)).variants).toHaveLength(4);
  });

  it('replaces the previous photo: its files are gone, the new URL differs', async () => {
    const reader = await createReader(t.app);
    const first: string = (await upload(reader, await png(300, 200, '#112233'))).json().avatarUrl;
    const second: string = (await upload(reader, await png(300, 200, '#ddeeff'))).json().avatarUrl;
    expect(second).not.toBe(first);
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
    expect(await storedFor(reader)).toEqual({
      url: second,
      variants: ['256.avif', '256.webp', '96.avif', '96.webp'],
    });
  });

  it('keeps two readers’ identical photos apart', async () => {
    const [ana, ben] = [await createReader(t.app), await createReader(t.app)];
    const photo = await png(120, 120, '#abcdef');
    const a: string = (await upload(ana, photo)).json().avatarUrl;
    const b: string = (await upload(ben, photo)).json().avatarUrl;
    expect(a).not.toBe(b);
    expect((await remove(ana)).statusCode).toBe(200);
    expect((await get(b)).statusCode).toBe(200);
  });
});

describe('refused uploads change nothing', () => {
  it('text sent as image/png: 400, unreadable', async () => {
    const reader = await createReader(t.app);
    const res = await upload(
      reader,
      Buffer.from('Bonjour, je ne suis pas une image.'),
      'image/png',
    );
    expectRefused(res, 400, messages.unreadable);
    expect(await storedFor(reader)).toEqual({ url: null, variants: [] });
  });

  it('an SVG (an image, but not a photo): 400', async () => {
    const reader = await createReader(t.app);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expectRefused(await upload(reader, svg, 'image/svg+xml'), 400, messages.unsupportedFormat);
    expect(await storedFor(reader)).toEqual({ url: null, variants: [] });
  });

  it('a body declared as something other than an image: 415, the spec words', async () => {
    const reader = await createReader(t.app);
    const pdf = await upload(reader, Buffer.from('%PDF-1.4'), 'application/pdf');
    expectRefused(pdf, 415, messages.notAnImage);
    const json = await callAs(t.app, reader).put('/api/profiles/me/avatar', {
      avatarUrl: '/avatars/0123456789abcdef0123-256.webp',
    });
    expectRefused(json, 415, messages.notAnImage);
    expectRefused(await upload(reader, Buffer.alloc(0)), 400, messages.notAnImage);
    expect(await storedFor(reader)).toEqual({ url: null, variants: [] });
  });

  it('over 5 MB: 413 with the spec words, whether declared or streamed', async () => {
    const reader = await createReader(t.app);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    expectRefused(await upload(reader, big), 413, messages.tooLarge);
    // No content-length: the stream is cut at the cap.
    const streamed = Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]);
    expectRefused(await upload(reader, streamed), 413, messages.tooLarge);
    expect(await storedFor(reader)).toEqual({ url: null, variants: [] });
  });

  it('exactly 5 MB is not refused for its size', async () => {
    const reader = await createReader(t.app);
    const source = await png();
    // A PNG with zero bytes after its end: still a readable PNG.
    const padded = Buffer.concat([source, Buffer.alloc(5 * 1024 * 1024 - source.length)]);
    expect((await upload(reader, padded)).statusCode).toBe(200);
  });

  it('a small file claiming 400 megapixels (a decompression bomb): 400', async () => {
    const reader = await createReader(t.app);
    expectRefused(await upload(reader, pngHeader(20_000, 20_000)), 400, messages.tooManyPixels);
    expect(await storedFor(reader)).toEqual({ url: null, variants: [] });
  });

  it('more than 20 uploads an hour: 429 in French', async () => {
    const reader = await createReader(t.app);
    const junk = Buffer.from('pas une image');
    for (let i = 0; i < 20; i += 1) expect((await upload(reader, junk)).statusCode).toBe(400);
    const res = await upload(reader, await png());
    expectRefused(res, 429, 'Trop de tentatives. Réessaie dans 60\u00a0min.');
    expect(await storedFor(reader)).toEqual({ url: null, variants: [] });
  });

  it('without a session: 401, nothing stored or removed', async () => {
    const reader = await createReader(t.app);
    await upload(reader, await png());
    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from avatar_files`))
        .rows[0]?.n;
    const before = await count();
    expectRefused(await upload(null, await png()), 401, AUTH_REQUIRED);
    expectRefused(await remove(null), 401, AUTH_REQUIRED);
    expect(await count()).toBe(before);
    expect((await storedFor(reader)).variants).toHaveLength(4);
  });
});

describe('removing a photo', () => {
  it('returns to initials: URL null, files gone', async () => {
    const reader = await createReader(t.app);
    const url: string = (await upload(reader, await png())).json().avatarUrl;
    const res = await remove(reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: reader.id, avatarUrl: null });
    expect(await storedFor(reader)).toEqual({ url: null, variants: [] });
    expect((await get(url)).statusCode).toBe(404);
  });

  it('only ever removes one’s own: another reader’s DELETE leaves mine', async () => {
    const [me, other] = [await createReader(t.app), await createReader(t.app)];
    const url: string = (await upload(me, await png())).json().avatarUrl;
    expect((await remove(other)).json()).toMatchObject({ id: other.id, avatarUrl: null });
    expect(await storedFor(me)).toEqual({
      url,
      variants: ['256.avif', '256.webp', '96.avif', '96.webp'],
    });
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe('serving files', () => {
  it('answers 404 in French for an unknown or malformed name', async () => {
    for (const file of [
      '0123456789abcdef0123-256.webp',
      '0123456789abcdef0123-128.webp',
      'inconnu.jpg',
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await get(`/avatars/${file}`);
      expectRefused(res, 404, "Cette photo n'existe pas.");
    }
  });
});

/** A PNG whose header claims `width`×`height` pixels, with almost no pixel data. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
