import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import {
  COVER_MAX_BYTES,
  COVER_VARIANTS,
  type CoverFormat,
  type CoverVariant,
  coverContentType,
} from '../../../domain/covers';
import { coverUploadMessages as m } from '../../../domain/messages/covers';
import { decodeImage } from '../../plugins/image-upload';
import { COVER_HEIGHT, COVER_WIDTH } from './cover-image';

const encoders: Record<CoverFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 3 }),
  webp: (image) => image.webp({ quality: 82 }),
  jpg: (image) => image.jpeg({ quality: 90, mozjpeg: true }),
};

export type CoverFile = { variant: CoverVariant; contentType: string; bytes: Buffer };

/** One variant of a cover from its 512×768 pixels (or any image of that shape). */
export async function encodeVariant(
  source: () => Sharp,
  variant: CoverVariant,
): Promise<CoverFile> {
  const [width, format] = variant.split('.') as [string, CoverFormat];
  const size = Number(width);
  const image = size === COVER_WIDTH ? source() : source().resize(size, (size * 3) / 2);
  return {
    variant,
    contentType: coverContentType[format],
    bytes: await encoders[format](image).toBuffer(),
  };
}

/**
 * Checks and converts an administrator's cover image: decoded and cropped to 2:3 by
 * `decodeImage`, and encoded as the six variants (256 and 512 px wide; AVIF, WebP, JPEG) with no metadata.
 * The version (in every URL) is a hash of the 512 px JPEG. Throws a French AppError.
 */
export async function processCoverUpload(input: Buffer) {
  const frame = await decodeImage(input, {
    maxBytes: COVER_MAX_BYTES,
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
    messages: m,
    removeAlpha: true,
  });
  const files = await Promise.all(
    COVER_VARIANTS.map((variant) => encodeVariant(frame.pixels, variant)),
  );
  const bytesOf = (variant: CoverVariant) =>
    files.find((f) => f.variant === variant)?.bytes ?? Buffer.alloc(0);
  const jpeg = bytesOf('512.jpg');
  const version = createHash('sha256').update(jpeg).digest('hex').slice(0, 12);
  return { version, files, jpeg, webp: bytesOf('512.webp') };
}

export type ProcessedCover = Awaited<ReturnType<typeof processCoverUpload>>;
