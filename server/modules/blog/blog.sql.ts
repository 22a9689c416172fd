import { and, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { blogPosts } from './blog.table';

/**
 * Public posts (docs/architecture.md#blog): published, and dated now or earlier, or not dated.
 * Decided by the database's clock at each read, so a scheduled post shows at its hour in every
 * process with no job, no cache to clear and no redeploy.
 */
export const isPublic: SQL = and(
  sql`${blogPosts.published}`,
  or(isNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, sql`now()`)),
) as SQL;

/** The public order: published_at, created_at, id, all descending. */
export const publicOrder = [
  sql`${blogPosts.publishedAt} desc nulls first`,
  sql`${blogPosts.createdAt} desc`,
  sql`${blogPosts.id} desc`,
];
