import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processAvatar } from './avatar-image';

const owner = '6f1c2b9e-0000-4000-8000-000000000001';
const create = (channels: 3 | 4 = 3) =>
  sharp({ create: { width: 80, height: 50, channels, background: '#3a7' } });

describe('processAvatar', () => {
  it.each([
    ['AVIF', () => create().avif().toBuffer()],
    ['GIF', () => create().gif().toBuffer()],
    ['WebP', () => create().webp().toBuffer()],
    ['16-bit PNG with transparency', () => create(4).png().toColourspace('rgb16').toBuffer()],
  ])('accepts a %s and makes 96 and 256 px squares of it', async (_name, make) => {
    const { hash, files } = await processAvatar(await make(), owner);
    expect(hash).toMatch(/^[0-9a-f]{20}$/);
    expect(files.map((f) => [f.variant, f.contentType])).toEqual([
      ['96.avif', 'image/avif'],
      ['96.webp', 'image/webp'],
      ['256.avif', 'image/avif'],
      ['256.webp', 'image/webp'],
    ]);
    for (const file of files) {
      const size = Number(file.variant.split('.')[0]);
      expect(await sharp(file.bytes).metadata()).toMatchObject({ width: size, height: size });
    }
  });

  it('gives the same photo of the same reader the same hash, and another reader another', async () => {
    const photo = await create().png().toBuffer();
    const a = await processAvatar(photo, owner);
    expect((await processAvatar(photo, owner)).hash).toBe(a.hash);
    expect((await processAvatar(photo, '0b7a4c6e-1111-4000-8000-000000000002')).hash).not.toBe(
      a.hash,
    );
  });

  it('refuses a TIFF, though sharp reads it: not a photo format we accept', async () => {
    await expect(processAvatar(await create().tiff().toBuffer(), owner)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: "Ce format d'image n'est pas accepté. Essaie une photo JPEG, PNG ou WebP.",
    });
  });
});
