import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BLOG_IMAGE_FORMATS, BLOG_IMAGE_WIDTHS, blogImageContentType } from '../../../domain/blog';
import { projectRoot } from '../../paths';
import {
  type BlogImageFile,
  blogImageEncoding,
  blogImageHash,
  type ProcessedBlogImage,
  processBlogImage,
} from './blog-image';

// The seeded articles' images, converted once by `npm run build` (decision 041). Encoding
// six drawings to AVIF, WebP and JPEG at three widths took ~7 s of CPU at every first start
// on a new data folder (each end-to-end server, each spawned server in the tests). The build
// writes what processBlogImage returns; a first start copies those bytes, and converts only
// a drawing the build did not (changed since, other settings, no build).
export const blogSeedImagesDir = path.join(projectRoot, 'dist/blog-images');

/** A folder name that changes with the drawing's bytes and with every conversion setting. */
function imageKey(svg: Buffer): string {
  const settings = JSON.stringify([BLOG_IMAGE_WIDTHS, BLOG_IMAGE_FORMATS, blogImageEncoding]);
  return createHash('sha256').update(settings).update(svg).digest('hex').slice(0, 32);
}

const variants = BLOG_IMAGE_WIDTHS.flatMap((width) =>
  BLOG_IMAGE_FORMATS.map((format) => ({ variant: `${width}.${format}` as const, format })),
);

/** What the build converted from this drawing, or undefined. */
export function prebuiltBlogImage(
  svg: Buffer,
  dir = blogSeedImagesDir,
): ProcessedBlogImage | undefined {
  const folder = path.join(dir, imageKey(svg));
  try {
    const files: BlogImageFile[] = variants.map(({ variant, format }) => ({
      variant,
      contentType: blogImageContentType[format],
      bytes: fs.readFileSync(path.join(folder, variant)),
    }));
    return { hash: blogImageHash(files), files };
  } catch {
    return undefined;
  }
}

/** A seeded article's image: the build's if it converted this very drawing, else converted now. */
export async function seedBlogImage(svg: Buffer, dir = blogSeedImagesDir) {
  return prebuiltBlogImage(svg, dir) ?? (await processBlogImage(svg, { allowSvg: true }));
}

/** Converts these drawings into `dir` (written beside, then renamed: never half a folder). */
export async function writeBlogSeedImages(svgs: Buffer[], dir = blogSeedImagesDir) {
  const staging = `${dir}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  let bytes = 0;
  for (const svg of svgs) {
    const image = await processBlogImage(svg, { allowSvg: true });
    const folder = path.join(staging, imageKey(svg));
    fs.mkdirSync(folder, { recursive: true });
    for (const file of image.files) {
      fs.writeFileSync(path.join(folder, file.variant), file.bytes);
      bytes += file.bytes.length;
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.renameSync(staging, dir);
  return bytes;
}
