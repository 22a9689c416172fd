import { and, asc, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  BLOG_DEFAULT_AUTHOR,
  BLOG_IMAGE_RATIO,
  BLOG_IMAGE_WIDTHS,
  BLOG_PAGE_SIZE,
  BLOG_RELATED_MAX,
  type BlogImageVariant,
  blogImageSrcSet,
  blogImageUrl,
} from '../../../domain/blog';
import type { BlogImage, BlogList, BlogPost, BlogPostSummary } from '../../../domain/blog.schemas';
import type { Db } from '../../db/client';
import { isPublic, publicOrder } from './blog.sql';
import { blogImages, blogPosts } from './blog.table';
import { sanitizeBlogHtml } from './blog-html';

// The blog's public reads, as plain functions of the database so the
// API, the server-rendered pages, the sitemap and the feed all read the same way.

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  author: blogPosts.author,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
  readingMinutes: blogPosts.readingMinutes,
  imageHash: blogPosts.imageHash,
  imageAlt: blogPosts.imageAlt,
};
type SummaryRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string | null;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
  readingMinutes: number;
  imageHash: string | null;
  imageAlt: string;
};

/** The hero image's sources, from its hash. */
export function blogImageOf(hash: string | null, alt: string): BlogImage | null {
  if (!hash) return null;
  const largest = Math.max(...BLOG_IMAGE_WIDTHS);
  return {
    alt,
    src: blogImageUrl(hash, 800, 'jpeg'),
    avif: blogImageSrcSet(hash, 'avif'),
    webp: blogImageSrcSet(hash, 'webp'),
    jpeg: blogImageSrcSet(hash, 'jpeg'),
    width: largest,
    height: Math.round(largest * BLOG_IMAGE_RATIO),
  };
}

function toSummary(row: SummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author?.trim() || BLOG_DEFAULT_AUTHOR,
    tags: row.tags,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    readingMinutes: row.readingMinutes,
    image: blogImageOf(row.imageHash, row.imageAlt),
  };
}

/**
 * One page of the public list, 12 posts newest first. A page past the last gives the last
 * page (its `page` says which: the caller redirects there); page 1 of an empty blog is empty.
 */
export async function listPublishedPosts(db: Db, page: number): Promise<BlogList> {
  const [counted] = await db.select({ n: count() }).from(blogPosts).where(isPublic);
  const total = counted?.n ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page)), totalPages);
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(isPublic)
    .orderBy(...publicOrder)
    .limit(BLOG_PAGE_SIZE)
    .offset((current - 1) * BLOG_PAGE_SIZE);
  return { items: rows.map(toSummary), page: current, totalPages, total };
}

/** Up to 3 public posts sharing the most tags with `post`, newest first among equals. */
export async function relatedPosts(
  db: Db,
  post: { id: string; tags: string[] },
): Promise<BlogPostSummary[]> {
  if (post.tags.length === 0) return [];
  const tags = sql`array[${sql.join(
    post.tags.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(isPublic, ne(blogPosts.id, post.id), sql`${blogPosts.tags} && ${tags}`))
    .orderBy(
      desc(
        sql`cardinality(array(select unnest(${blogPosts.tags}) intersect select unnest(${tags})))`,
      ),
      ...publicOrder,
    )
    .limit(BLOG_RELATED_MAX);
  return rows.map(toSummary);
}

/**
 * A public post by its slug with its related posts, or null (unknown, draft or scheduled).
 * Its HTML is sanitised again here, at render, in case the list changed since it was saved.
 */
export async function getPublishedPost(db: Db, slug: string): Promise<BlogPost | null> {
  const [row] = await db
    .select({ ...summaryColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(and(isPublic, eq(blogPosts.slug, slug)));
  if (!row) return null;
  return {
    ...toSummary(row),
    content: sanitizeBlogHtml(row.content),
    related: await relatedPosts(db, row),
  };
}

/** The sitemap's posts: slug and dates of public posts, newest first. */
export async function publishedPostsForSitemap(db: Db) {
  const rows = await db
    .select({
      slug: blogPosts.slug,
      updatedAt: blogPosts.updatedAt,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .where(isPublic)
    .orderBy(...publicOrder);
  return rows;
}

/**
 * When the next scheduled post goes public, or null: a cache of public pages (HTML, feed,
 * sitemap) must not outlive this instant, or it would hold that post back.
 */
export async function nextScheduledPublication(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: blogPosts.publishedAt })
    .from(blogPosts)
    .where(and(sql`${blogPosts.published}`, gt(blogPosts.publishedAt, sql`now()`)))
    .orderBy(asc(blogPosts.publishedAt))
    .limit(1);
  return row?.at ?? null;
}

/** One stored hero image file, or null. */
export async function findBlogImageFile(db: Db, hash: string, variant: BlogImageVariant) {
  const [row] = await db
    .select({ contentType: blogImages.contentType, bytes: blogImages.bytes })
    .from(blogImages)
    .where(and(eq(blogImages.hash, hash), eq(blogImages.variant, variant)));
  return row ?? null;
}

/** The NOTIFY channel told of every change to posts (caches of public pages listen to it). */
export const BLOG_CHANNEL = 'lisons_blog';

/** Tells every process that posts changed, when `tx` commits (NOTIFY is transactional). */
export async function notifyBlogChanged(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_notify(${BLOG_CHANNEL}, '')`);
}

/** The feed's posts: the 20 newest public ones. */
export async function publishedPostsForFeed(db: Db, limit = 20) {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(isPublic)
    .orderBy(...publicOrder)
    .limit(limit);
  return rows.map((row) => {
    const summary = toSummary(row);
    return { ...summary, publishedAt: row.publishedAt ?? row.updatedAt };
  });
}
