import { createHash } from 'node:crypto';
import type { OutputInfo, Sharp } from 'sharp';
import {
  BLOG_IMAGE_FORMATS,
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_RATIO,
  BLOG_IMAGE_WIDTHS,
  type BlogImageFormat,
  type BlogImageVariant,
  blogImageContentType,
} from '../../../domain/blog';
import { blogMessages as m } from '../../../domain/messages/blog';
import { AppError } from '../../errors';
import { sharp } from '../../lazy-modules';

/** Decompression bombs: a 48 MP photo passes, a small file claiming more does not. */
export const BLOG_IMAGE_MAX_PIXELS = 50_000_000;

// What the decoded bytes must be, whatever the browser called them (sharp names AVIF
// 'heif'). SVG is read only from our own seed files, never from an upload.
const uploadFormats = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

export type BlogImageFile = { variant: BlogImageVariant; contentType: string; bytes: Buffer };
export type ProcessedBlogImage = { hash: string; files: BlogImageFile[] };

const encoders: Record<BlogImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 78 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
};

/**
 * Checks and converts a hero image: decoded by sharp (never trusted by its content type),
 * turned upright, cropped to 16:9 around its most interesting part, resized to each width
 * and encoded as AVIF, WebP and JPEG, without any metadata. Throws a French AppError.
 * `allowSvg` is for the seeded articles' own drawings only.
 */
export async function processBlogImage(
  input: Buffer,
  { allowSvg = false }: { allowSvg?: boolean } = {},
): Promise<ProcessedBlogImage> {
  if (input.length > BLOG_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', m.imageTooLarge);
  if (input.length === 0) throw new AppError('VALIDATION_ERROR', m.notAnImage);
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw new AppError('VALIDATION_ERROR', m.notAnImage);
  }
  const accepted = format && (uploadFormats.has(format) || (allowSvg && format === 'svg'));
  if (!accepted) throw new AppError('VALIDATION_ERROR', m.imageUnsupported);
  if (pixels > BLOG_IMAGE_MAX_PIXELS) throw new AppError('VALIDATION_ERROR', m.imageTooManyPixels);

  const largest = Math.max(...BLOG_IMAGE_WIDTHS);
  const largestHeight = Math.round(largest * BLOG_IMAGE_RATIO);
  let frame: { data: Buffer; info: OutputInfo };
  try {
    frame = await sharp(input, { limitInputPixels: BLOG_IMAGE_MAX_PIXELS })
      .rotate()
      .resize(largest, largestHeight, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#fbf7ef' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('VALIDATION_ERROR', m.imageUnreadable);
  }
  const { width, height, channels } = frame.info;
  const pixelsOf = () => sharp(frame.data, { raw: { width, height, channels } });

  const files = await Promise.all(
    BLOG_IMAGE_WIDTHS.flatMap((w) =>
      BLOG_IMAGE_FORMATS.map(async (f): Promise<BlogImageFile> => {
        const resized =
          w === largest ? pixelsOf() : pixelsOf().resize(w, Math.round(w * BLOG_IMAGE_RATIO));
        return {
          variant: `${w}.${f}`,
          contentType: blogImageContentType[f],
          bytes: await encoders[f](resized).toBuffer(),
        };
      }),
    ),
  );
  const main = files.find((file) => file.variant === `${largest}.jpeg`)?.bytes ?? Buffer.alloc(0);
  const hash = createHash('sha256').update(main).digest('hex').slice(0, 20);
  return { hash, files };
}
