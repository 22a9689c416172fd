import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { blogPostState, blogSlug } from '../../../domain/blog';
import type {
  BlogAdminPost,
  BlogPostInput,
  blogPostInputSchema,
} from '../../../domain/blog.schemas';
import { blogMessages as m } from '../../../domain/messages/blog';
import type { Db } from '../../db/client';
import { databaseErrorOf } from '../../db/database-error';
import { AppError } from '../../errors';
import { recordAdminAction } from '../audit';
import { blogImageOf, notifyBlogChanged } from './blog.repository';
import { blogImages, blogPosts } from './blog.table';
import { renderPost } from './blog-html';
import type { ProcessedBlogImage } from './blog-image';

type Input = z.output<typeof blogPostInputSchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = typeof blogPosts.$inferSelect;

/** A scheduled date may be this far behind the server's clock (the form's minute, a slow network). */
const PAST_TOLERANCE_MS = 60_000;

function toAdmin(row: Row, now = new Date()): BlogAdminPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    tags: row.tags,
    markdown: row.markdown,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    state: blogPostState(row, now),
    imageHash: row.imageHash,
    imageAlt: row.imageAlt,
    image: blogImageOf(row.imageHash, row.imageAlt),
    readingMinutes: row.readingMinutes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// What the audit trail keeps of a post: enough to tell what changed, not its whole text.
const audited = (row: Row | undefined) =>
  row && {
    slug: row.slug,
    title: row.title,
    published: row.published,
    publishedAt: row.publishedAt,
    imageHash: row.imageHash,
  };

function assertFuture(at: Date, now: Date) {
  if (at.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    throw new AppError('VALIDATION_ERROR', m.scheduleInPast);
  }
}

/** Who changes the blog: the database and the administrator, recorded in the audit trail. */
type Admin = { db: Db; adminId: string };
/** A change to one post. */
type Change = Admin & { id: string };

// The back office's blog (docs/architecture.md#blog): one use case per function, each write
// in one transaction with its line in the audit trail (decision 025).

async function find(tx: Tx | Db, id: string) {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw new AppError('NOT_FOUND', m.postNotFound);
  return row;
}

/** The row's fields from a form: slug from the title when empty, HTML from the Markdown. */
async function fieldsOf(tx: Tx, input: Input, previous: Row | null, now: Date) {
  const slug = input.slug || blogSlug(input.title);
  if (!slug) throw new AppError('VALIDATION_ERROR', m.requiredFields);
  const taken = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      previous
        ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, previous.id))
        : eq(blogPosts.slug, slug),
    );
  if (taken.length > 0) throw new AppError('CONFLICT', m.slugTaken);
  if (input.imageHash) {
    const [image] = await tx
      .select({ hash: blogImages.hash })
      .from(blogImages)
      .where(eq(blogImages.hash, input.imageHash))
      .limit(1);
    if (!image) throw new AppError('VALIDATION_ERROR', m.imageNotFound);
  }
  let publishedAt = input.publishedAt ? new Date(input.publishedAt) : null;
  // A new date may not be in the past; the date the post already has may stay as it is.
  const unchanged = publishedAt?.getTime() === previous?.publishedAt?.getTime();
  if (publishedAt && !unchanged) assertFuture(publishedAt, now);
  if (input.published && !publishedAt) publishedAt = now;
  const { content, readingMinutes } = renderPost(input.markdown);
  return {
    slug,
    title: input.title,
    excerpt: input.excerpt,
    author: input.author || null,
    tags: [...new Set(input.tags)],
    markdown: input.markdown,
    content,
    readingMinutes,
    imageHash: input.imageHash,
    imageAlt: input.imageAlt,
    published: input.published,
    publishedAt,
  };
}

/** Removes an image's files once no post shows it any more. */
async function dropUnusedImage(tx: Tx, hash: string | null) {
  if (!hash) return;
  await tx
    .delete(blogImages)
    .where(
      and(
        eq(blogImages.hash, hash),
        sql`not exists (select 1 from ${blogPosts} where ${blogPosts.imageHash} = ${hash})`,
      ),
    );
}

// The slug's uniqueness is a constraint too: two saves racing for one slug get the message.
async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (databaseErrorOf(error)?.code === '23505') throw new AppError('CONFLICT', m.slugTaken);
    throw error;
  }
}

/** Changes the publication of a post (publish, schedule, back to draft). */
async function setPublication({
  db,
  adminId,
  id,
  action,
  values,
}: Change & { action: string; values: { published: boolean; publishedAt?: Date | null } }) {
  return db.transaction(async (tx) => {
    const before = await find(tx, id);
    const [after] = await tx.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
    if (!after) throw new AppError('NOT_FOUND', m.postNotFound);
    await recordAdminAction(tx, {
      adminId,
      action,
      entity: 'blog_post',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    await notifyBlogChanged(tx);
    return toAdmin(after);
  });
}

/**
 * Every post, drafts and scheduled ones included, newest first by the date the list shows
 * (its publication; a draft without one, its creation), not by the last edit.
 */
export async function listPosts({ db }: { db: Db }): Promise<BlogAdminPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .orderBy(
      desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`),
      desc(blogPosts.createdAt),
      desc(blogPosts.id),
    );
  const now = new Date();
  return rows.map((row) => toAdmin(row, now));
}

export async function getPost({ db, id }: { db: Db; id: string }): Promise<BlogAdminPost> {
  return toAdmin(await find(db, id));
}

export async function createPost({
  db,
  adminId,
  input,
}: Admin & { input: Input }): Promise<BlogAdminPost> {
  const now = new Date();
  return slugSafe(() =>
    db.transaction(async (tx) => {
      const values = await fieldsOf(tx, input, null, now);
      const [row] = await tx.insert(blogPosts).values(values).returning();
      if (!row) throw new Error('blog post insert returned nothing');
      await recordAdminAction(tx, {
        adminId,
        action: 'blog_post.create',
        entity: 'blog_post',
        entityId: row.id,
        after: audited(row),
      });
      await notifyBlogChanged(tx);
      return toAdmin(row);
    }),
  );
}

export async function updatePost({
  db,
  adminId,
  id,
  input,
}: Change & { input: Input }): Promise<BlogAdminPost> {
  const now = new Date();
  return slugSafe(() =>
    db.transaction(async (tx) => {
      const before = await find(tx, id);
      const values = await fieldsOf(tx, input, before, now);
      const [row] = await tx.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
      if (!row) throw new AppError('NOT_FOUND', m.postNotFound);
      if (before.imageHash !== row.imageHash) await dropUnusedImage(tx, before.imageHash);
      await recordAdminAction(tx, {
        adminId,
        action: 'blog_post.update',
        entity: 'blog_post',
        entityId: id,
        before: audited(before),
        after: audited(row),
      });
      await notifyBlogChanged(tx);
      return toAdmin(row);
    }),
  );
}

export async function removePost({ db, adminId, id }: Change): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', m.postNotFound);
    await dropUnusedImage(tx, row.imageHash);
    await recordAdminAction(tx, {
      adminId,
      action: 'blog_post.delete',
      entity: 'blog_post',
      entityId: id,
      before: audited(row),
    });
    await notifyBlogChanged(tx);
  });
}

/** Public now: published, dated this instant. */
export function publishPost(change: Change) {
  return setPublication({
    ...change,
    action: 'blog_post.publish',
    values: { published: true, publishedAt: new Date() },
  });
}

/** Public at `at` (in the future), by itself. */
export async function schedulePost({ at, ...change }: Change & { at: Date }) {
  assertFuture(at, new Date());
  return setPublication({
    ...change,
    action: 'blog_post.schedule',
    values: { published: true, publishedAt: at },
  });
}

/** Back to draft: no longer public (its date is kept for the next publication). */
export function unpublishPost(change: Change) {
  return setPublication({
    ...change,
    action: 'blog_post.unpublish',
    values: { published: false },
  });
}

/** Stores a processed hero image (its files are shared if the same image comes again). */
export async function saveBlogImage({ db, adminId, image }: Admin & { image: ProcessedBlogImage }) {
  await db.transaction(async (tx) => {
    await tx
      .insert(blogImages)
      .values(image.files.map((f) => ({ hash: image.hash, ...f })))
      .onConflictDoNothing();
    await recordAdminAction(tx, {
      adminId,
      action: 'blog_image.upload',
      entity: 'blog_image',
      entityId: image.hash,
    });
  });
  return image.hash;
}

export type { BlogPostInput };
