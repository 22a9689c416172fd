import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from '../../db/columns';

// The blog (docs/architecture.md#blog, decision 029). `markdown` is what the editor
// edits; `content` is the HTML made from it and sanitised at save (and again at render).
// A post is public when published and its published_at is empty or past: the query decides
// at read time, so a scheduled post appears by itself at its hour in every process.
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    markdown: text('markdown').notNull(),
    content: text('content').notNull(),
    // Null or empty: shown as the product's name.
    author: text('author'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // The hero image's files in blog_images (null: the product's logo stands in).
    imageHash: text('image_hash'),
    imageAlt: text('image_alt').notNull().default(''),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    // The public list's order (published_at, created_at, id, all descending), over public rows.
    index('blog_posts_list_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.published}`),
    index('blog_posts_tags_idx').using('gin', t.tags),
    check('blog_posts_reading_minutes_positive', sql`${t.readingMinutes} > 0`),
  ],
);

// Hero images: resized variants ('800.avif', '1200.jpeg', …) of a content hash, stored with
// the data like avatars (decision 015), so every process serves them and backups hold them.
export const blogImages = pgTable(
  'blog_images',
  {
    hash: text('hash').notNull(),
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.variant] })],
);

export const blogEventNames = ['page_view', 'reading_time', 'share'] as const;

// Readers' visits, reading times and shares, recorded by our server: no
// reader id is kept, only the post, what happened and, for reading_time, the seconds.
export const blogEvents = pgTable(
  'blog_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    name: text('name', { enum: blogEventNames }).notNull(),
    seconds: integer('seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_events_post_idx').on(t.postId, t.name, t.createdAt),
    check('blog_events_name', sql`${t.name} in ('page_view', 'reading_time', 'share')`),
    check('blog_events_seconds', sql`${t.seconds} is null or ${t.seconds} > 0`),
  ],
);
