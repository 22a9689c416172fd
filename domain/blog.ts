import { slugify } from './slugs';

// The blog's rules and constants (docs/architecture.md#blog): shared by the server, which
// decides, and the browser, which shows (pagination bar, dates, image sources).

/** Posts per page of /blog. */
export const BLOG_PAGE_SIZE = 12;
/** Numbered links in the pagination bar, first and last included. */
export const BLOG_PAGE_LINKS = 5;
/** Related articles under a post. */
export const BLOG_RELATED_MAX = 3;
/** The largest hero image an administrator may send: 5 MB. */
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A reading time is recorded only above this many seconds. */
export const BLOG_READING_EVENT_MIN_SECONDS = 5;
/** Words an adult reads in a minute on screen, for the reading time shown on a post. */
export const BLOG_WORDS_PER_MINUTE = 200;
/** The hero image's widths (16:9) and formats, smallest first. */
export const BLOG_IMAGE_WIDTHS = [480, 800, 1200] as const;
export const BLOG_IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export const BLOG_IMAGE_RATIO = 9 / 16;

export type BlogImageWidth = (typeof BLOG_IMAGE_WIDTHS)[number];
export type BlogImageFormat = (typeof BLOG_IMAGE_FORMATS)[number];
export type BlogImageVariant = `${BlogImageWidth}.${BlogImageFormat}`;

export const blogImageContentType: Record<BlogImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** /blog for page 1, /blog/page/N after it. */
export function blogPagePath(page: number): string {
  return page <= 1 ? '/blog' : `/blog/page/${page}`;
}

/** An article's address. */
export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

/** A post's slug from its title: accents removed, lowercase, hyphens. */
export function blogSlug(title: string): string {
  return slugify(title);
}

/** Whole minutes to read `text` (plain text, not HTML), at least 1. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / BLOG_WORDS_PER_MINUTE));
}

export type BlogPostState = 'draft' | 'scheduled' | 'published';

/**
 * Draft (not published), scheduled (published, its date still to come) or published
 * (docs/architecture.md#blog). Only 'published' posts are public.
 */
export function blogPostState(
  post: { published: boolean; publishedAt: string | Date | null },
  now: Date = new Date(),
): BlogPostState {
  if (!post.published) return 'draft';
  if (post.publishedAt && new Date(post.publishedAt).getTime() > now.getTime()) return 'scheduled';
  return 'published';
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pagination bar's items: at most BLOG_PAGE_LINKS numbers, the first and the last
 * always, the current page among them with its neighbours, a gap where pages are skipped.
 */
export function paginationItems(current: number, total: number): PageItem[] {
  if (total <= 1) return total === 1 ? [{ kind: 'page', page: 1 }] : [];
  const pages: number[] = [];
  if (total <= BLOG_PAGE_LINKS) {
    for (let p = 1; p <= total; p += 1) pages.push(p);
  } else {
    const middle = BLOG_PAGE_LINKS - 2;
    const start = Math.min(Math.max(current - 1, 2), total - middle);
    pages.push(1);
    for (let p = start; p < start + middle; p += 1) pages.push(p);
    pages.push(total);
  }
  const items: PageItem[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous > 1) {
      items.push({ kind: 'gap', key: `gap-${previous}` });
    }
    items.push({ kind: 'page', page });
  });
  return items;
}

// '/blog-images/<hash>-<width>.<format>': the hash is of the image's bytes, so a new
// image is a new URL and every file can be cached for ever.
const fileName = /^([0-9a-f]{20})-(480|800|1200)\.(avif|webp|jpeg)$/;

/** The public URL of one variant of a hero image. */
export function blogImageUrl(hash: string, width: BlogImageWidth, format: BlogImageFormat) {
  return `/blog-images/${hash}-${width}.${format}`;
}

/** The hash and variant a file name under /blog-images/ names, or null. */
export function parseBlogImageFile(file: string) {
  const match = fileName.exec(file);
  if (!match) return null;
  return {
    hash: match[1] as string,
    variant: `${match[2]}.${match[3]}` as BlogImageVariant,
    format: match[3] as BlogImageFormat,
  };
}

/** A `srcset` of one format, every width. */
export function blogImageSrcSet(hash: string, format: BlogImageFormat): string {
  return BLOG_IMAGE_WIDTHS.map((w) => `${blogImageUrl(hash, w, format)} ${w}w`).join(', ');
}

/** Who signs a post whose author is empty: the product. */
export const BLOG_DEFAULT_AUTHOR = 'Lisons';
