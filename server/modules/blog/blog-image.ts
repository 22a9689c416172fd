import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
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
import { decodeImage, type ImageMessages } from '../../plugins/image-upload';

export type BlogImageFile = { variant: BlogImageVariant; contentType: string; bytes: Buffer };
export type ProcessedBlogImage = { hash: string; files: BlogImageFile[] };

/** The blog's sentences for a refused image (a header sharp cannot read is not an image). */
export const blogImageMessages = {
  notAnImage: m.notAnImage,
  tooLarge: m.imageTooLarge,
  unreadable: m.imageUnreadable,
  unsupportedFormat: m.imageUnsupported,
  tooManyPixels: m.imageTooManyPixels,
  unreadableHeader: m.notAnImage,
} satisfies ImageMessages;

/** Each format's settings, as data: the seeded images the build made are keyed by them. */
export const blogImageEncoding = {
  avif: { quality: 50, effort: 3 },
  webp: { quality: 78 },
  jpeg: { quality: 80, mozjpeg: true, progressive: true },
} as const;

const encoders: Record<BlogImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif(blogImageEncoding.avif),
  webp: (image) => image.webp(blogImageEncoding.webp),
  jpeg: (image) => image.jpeg(blogImageEncoding.jpeg),
};

/**
 * Checks and converts a hero image: decoded and cropped to 16:9 by `decodeImage`, resized
 * to each width and encoded as AVIF, WebP and JPEG, without any metadata. Throws a French
 * AppError.
 * `allowSvg` is for the seeded articles' own drawings only.
 */
export async function processBlogImage(
  input: Buffer,
  { allowSvg = false }: { allowSvg?: boolean } = {},
): Promise<ProcessedBlogImage> {
  const largest = Math.max(...BLOG_IMAGE_WIDTHS);
  const frame = await decodeImage(input, {
    maxBytes: BLOG_IMAGE_MAX_BYTES,
    width: largest,
    height: Math.round(largest * BLOG_IMAGE_RATIO),
    messages: blogImageMessages,
    flatten: '#fbf7ef',
    allowSvg,
  });

  const files = await Promise.all(
    BLOG_IMAGE_WIDTHS.flatMap((w) =>
      BLOG_IMAGE_FORMATS.map(async (f): Promise<BlogImageFile> => {
        const resized =
          w === largest
            ? frame.pixels()
            : frame.pixels().resize(w, Math.round(w * BLOG_IMAGE_RATIO));
        return {
          variant: `${w}.${f}`,
          contentType: blogImageContentType[f],
          bytes: await encoders[f](resized).toBuffer(),
        };
      }),
    ),
  );
  return { hash: blogImageHash(files), files };
}

/** The image's name in its URLs: from its largest JPEG, so the same image gets the same URL. */
export function blogImageHash(files: BlogImageFile[]): string {
  const largest = Math.max(...BLOG_IMAGE_WIDTHS);
  const main = files.find((file) => file.variant === `${largest}.jpeg`)?.bytes ?? Buffer.alloc(0);
  return createHash('sha256').update(main).digest('hex').slice(0, 20);
}
