import { createHash } from 'node:crypto';
import type { OutputInfo, Sharp } from 'sharp';
import {
  COVER_MAX_BYTES,
  COVER_VARIANTS,
  type CoverFormat,
  type CoverVariant,
  coverContentType,
} from '../../../domain/covers';
import { coverUploadMessages as m } from '../../../domain/messages/covers';
import { AppError } from '../../errors';
import { sharp } from '../../lazy-modules';
import { COVER_HEIGHT, COVER_WIDTH } from './cover-image';

/** Decompression bombs: a large scan passes, a small file claiming more does not. */
export const COVER_MAX_PIXELS = 50_000_000;

// What the decoded bytes must be, whatever the browser called them (sharp names AVIF 'heif').
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

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
 * Checks and converts an administrator's cover image: decoded by sharp (never trusted by its
 * content type), turned upright, cropped to 2:3 around its most interesting part, and
 * encoded as the six variants (256 and 512 px wide; AVIF, WebP, JPEG) with no metadata.
 * The version (in every URL) is a hash of the 512 px JPEG. Throws a French AppError.
 */
export async function processCoverUpload(input: Buffer) {
  if (input.length > COVER_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', m.tooLarge);
  if (input.length === 0) throw new AppError('VALIDATION_ERROR', m.notAnImage);
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw new AppError('VALIDATION_ERROR', m.unreadable);
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new AppError('VALIDATION_ERROR', m.unsupportedFormat);
  }
  if (pixels > COVER_MAX_PIXELS) throw new AppError('VALIDATION_ERROR', m.tooManyPixels);
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(input, { limitInputPixels: COVER_MAX_PIXELS })
      .rotate()
      .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover', position: 'attention' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('VALIDATION_ERROR', m.unreadable);
  }
  const { width, height, channels } = raw.info;
  const source = () => sharp(raw.data, { raw: { width, height, channels } });
  const files = await Promise.all(COVER_VARIANTS.map((variant) => encodeVariant(source, variant)));
  const bytesOf = (variant: CoverVariant) =>
    files.find((f) => f.variant === variant)?.bytes ?? Buffer.alloc(0);
  const jpeg = bytesOf('512.jpg');
  const version = createHash('sha256').update(jpeg).digest('hex').slice(0, 12);
  return { version, files, jpeg, webp: bytesOf('512.webp') };
}

export type ProcessedCover = Awaited<ReturnType<typeof processCoverUpload>>;
