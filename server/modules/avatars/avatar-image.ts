import { createHash } from 'node:crypto';
import type { OutputInfo, Sharp } from 'sharp';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZES,
  type AvatarVariant,
  avatarContentType,
} from '../../../domain/avatars';
import { avatarMessages as m } from '../../../domain/messages/avatars';
import { AppError } from '../../errors';
import { sharp } from '../../lazy-modules';

/** Decompression bombs: a 48 MP phone photo passes, a small file claiming more does not. */
export const AVATAR_MAX_PIXELS = 50_000_000;

// What the decoded bytes must be, whatever the browser called them. sharp names AVIF and
// HEIC 'heif'. SVG, TIFF and the rest are refused: a photo is never one of them.
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

export type AvatarFile = { variant: AvatarVariant; contentType: string; bytes: Buffer };

/** The four variants of a photo, and the hash its URLs carry. */
export type ProcessedAvatar = { hash: string; files: AvatarFile[] };

const encoders = {
  webp: (image: Sharp) => image.webp({ quality: 80 }),
  avif: (image: Sharp) => image.avif({ quality: 55 }),
};

/**
 * Checks and converts a reader's photo: decoded by sharp (never trusted by its content
 * type), turned upright by its EXIF orientation, cropped to a square around its most
 * interesting part, resized to 96 and 256 px and encoded as WebP and AVIF. The outputs
 * carry no metadata at all (no EXIF, so no GPS position). Throws a French AppError.
 * The hash mixes in the owner so two readers' identical photos are separate files.
 */
export async function processAvatar(input: Buffer, ownerId: string): Promise<ProcessedAvatar> {
  if (input.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', m.tooLarge);
  if (input.length === 0) throw new AppError('VALIDATION_ERROR', m.notAnImage);
  const options = { limitInputPixels: AVATAR_MAX_PIXELS };
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header only (no pixel is decoded), so a too-large image gets its own message.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw new AppError('VALIDATION_ERROR', m.unreadable);
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new AppError('VALIDATION_ERROR', m.unsupportedFormat);
  }
  if (pixels > AVATAR_MAX_PIXELS) throw new AppError('VALIDATION_ERROR', m.tooManyPixels);

  // Decoded and cropped once, to 8-bit sRGB pixels; every variant starts from these.
  const largest = Math.max(...AVATAR_SIZES);
  let square: { data: Buffer; info: OutputInfo };
  try {
    square = await sharp(input, options)
      .rotate()
      .resize(largest, largest, { fit: 'cover', position: 'attention' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('VALIDATION_ERROR', m.unreadable);
  }
  const { width, height, channels } = square.info;
  const pixelsOf = () => sharp(square.data, { raw: { width, height, channels } });

  const files = await Promise.all(
    AVATAR_SIZES.flatMap((size) =>
      (['avif', 'webp'] as const).map(async (format): Promise<AvatarFile> => {
        const resized = size === largest ? pixelsOf() : pixelsOf().resize(size, size);
        return {
          variant: `${size}.${format}`,
          contentType: avatarContentType[format],
          bytes: await encoders[format](resized).toBuffer(),
        };
      }),
    ),
  );
  const main = files.find((file) => file.variant === `${largest}.webp`)?.bytes ?? Buffer.alloc(0);
  const hash = createHash('sha256').update(ownerId).update(main).digest('hex').slice(0, 20);
  return { hash, files };
}
