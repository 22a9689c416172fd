import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';
import { bookIdColumn } from '../books/books.columns';
import { circleIdColumn } from '../circles/circles.columns';

// Segment discussions (docs/architecture.md#segment-discussions, decision 054): posts by book
// and segment, one level of replies (`parent_id` names a post whose own parent is null, the
// service's rule). Stored trimmed, 1–1 000 characters (the check repeats the route's rule). A
// removed post keeps its row for its reports and its replies, with who removed it; a
// discussion shows it only as « Message supprimé », and only while it has replies. A post with a
// `circle_id` belongs to that reading circle's discussion of the segment (decision 056), read by
// its members only; the book's own discussion is the posts without one.
export const segmentPosts = pgTable(
  'segment_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookId: bookIdColumn('book_id', 'cascade').notNull(),
    segment: integer('segment').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => segmentPosts.id, {
      onDelete: 'cascade',
    }),
    authorId: readerIdColumn('author_id', 'cascade').notNull(),
    content: text('content').notNull(),
    /** Bookys given, kept by the statement that gives or takes one. */
    bookys: integer('bookys').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by', { enum: ['author', 'admin'] }),
    /** The reading circle whose discussion it is in; null for the book's own discussion. */
    circleId: circleIdColumn('circle_id'),
  },
  (t) => [
    // A discussion's first page: its posts, newest first.
    index('segment_posts_threads_idx')
      .on(t.bookId, t.segment, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.circleId} is null`),
    // A circle's discussion of a segment, newest first (decision 056).
    index('segment_posts_circle_threads_idx')
      .on(t.circleId, t.segment, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.circleId} is not null`),
    // A post's replies, oldest first (only replies: a thread's own parent is null).
    index('segment_posts_replies_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.parentId} is not null`),
    // The book page's counts, read from the index alone.
    index('segment_posts_counts_idx')
      .on(t.bookId, t.segment, t.authorId)
      .where(sql`${t.removedAt} is null and ${t.circleId} is null`),
    index('segment_posts_circle_counts_idx')
      .on(t.circleId, t.segment, t.authorId)
      .where(sql`${t.removedAt} is null and ${t.circleId} is not null`),
    index('segment_posts_author_idx').on(t.authorId),
    check('segment_posts_content_length', sql`char_length(${t.content}) between 1 and 1000`),
    check('segment_posts_segment_positive', sql`${t.segment} >= 1`),
    check('segment_posts_bookys', sql`${t.bookys} >= 0`),
    check('segment_posts_removed', sql`(${t.removedAt} is null) = (${t.removedBy} is null)`),
  ],
);

// A reader's Booky on a post, once per reader and post.
export const segmentPostBookys = pgTable(
  'segment_post_bookys',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => segmentPosts.id, { onDelete: 'cascade' }),
    readerId: readerIdColumn('reader_id', 'cascade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.readerId] }),
    index('segment_post_bookys_reader_idx').on(t.readerId),
  ],
);

// A reader's report of a post, once per reader and post; an administrator resolves it by
// removing the post or dismissing the report.
export const segmentPostReports = pgTable(
  'segment_post_reports',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => segmentPosts.id, { onDelete: 'cascade' }),
    reporterId: readerIdColumn('reporter_id', 'cascade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.reporterId] }),
    index('segment_post_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    index('segment_post_reports_reporter_idx').on(t.reporterId),
  ],
);
