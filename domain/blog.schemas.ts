import { z } from 'zod';
import { blogMessages as m } from './messages/blog';

// The blog's contracts (docs/architecture.md#blog, decision 029): requests and responses, from
// which the types and the OpenAPI document are made.

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The hero image as pages show it: one srcset per format, and a JPEG for old browsers. */
export const blogImageSchema = z.object({
  alt: z.string(),
  src: z.string().describe('JPEG de 800 px, pour les navigateurs sans srcset'),
  avif: z.string().describe('srcset AVIF'),
  webp: z.string().describe('srcset WebP'),
  jpeg: z.string().describe('srcset JPEG'),
  width: z.number().int(),
  height: z.number().int(),
});
export type BlogImage = z.infer<typeof blogImageSchema>;

/** A post in a list (the blog's pages, related articles). */
export const blogPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string().describe("L'auteur, ou le nom du produit quand il n'est pas renseigné"),
  tags: z.array(z.string()),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  readingMinutes: z.number().int(),
  image: blogImageSchema.nullable().describe("null : le logo du produit s'affiche à la place"),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** One page of /blog: 12 posts, newest first. */
export const blogListSchema = z.object({
  items: z.array(blogPostSummarySchema),
  page: z.number().int(),
  totalPages: z.number().int().describe('Au moins 1, même sans article'),
  total: z.number().int(),
});
export type BlogList = z.infer<typeof blogListSchema>;

/** An article: its summary, its sanitised HTML and up to 3 related posts. */
export const blogPostSchema = blogPostSummarySchema.extend({
  content: z.string().describe('HTML nettoyé (liste blanche de balises et d’attributs)'),
  related: z.array(blogPostSummarySchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const blogSlugParamsSchema = z.object({
  slug: z.string().min(1, m.notFound).max(200, m.notFound),
});

/** What a reader's page tells the server (page_view, reading_time, share). */
export const blogEventSchema = z.strictObject({
  name: z.enum(['page_view', 'reading_time', 'share'], { error: m.eventInvalid }),
  seconds: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .optional()
    .describe('Pour reading_time : les secondes passées sur l’article (plus de 5)'),
});
export type BlogEvent = z.infer<typeof blogEventSchema>;
export const blogEventRecordedSchema = z.object({ recorded: z.boolean() });

// ---- Back office ----

export const blogPostStateSchema = z.enum(['draft', 'scheduled', 'published']);

/** A post as the back office edits it: its Markdown source and its raw fields. */
export const blogAdminPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string().nullable(),
  tags: z.array(z.string()),
  markdown: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  state: blogPostStateSchema,
  imageHash: z.string().nullable(),
  imageAlt: z.string(),
  image: blogImageSchema.nullable(),
  readingMinutes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogAdminPost = z.infer<typeof blogAdminPostSchema>;

export const blogAdminListSchema = z.object({ items: z.array(blogAdminPostSchema) });

const requiredText = (max: number) =>
  z.string({ error: m.requiredFields }).trim().min(1, m.requiredFields).max(max, m.tooLong);

/**
 * A post to create or save. Title and content are required, the slug too unless the title
 * gives one. publishedAt with published true schedules the post; it may not
 * be in the past unless it is the date the post already has.
 */
export const blogPostInputSchema = z.strictObject({
  title: requiredText(200),
  slug: z
    .string()
    .trim()
    .max(120, m.tooLong)
    .refine((s) => s === '' || SLUG.test(s), m.slugInvalid)
    .default(''),
  markdown: requiredText(100_000),
  excerpt: z.string().trim().max(500, m.tooLong).default(''),
  author: z.string().trim().max(100, m.tooLong).default(''),
  tags: z
    .array(z.string().trim().min(1, m.requiredFields).max(40, m.tooLong))
    .max(10, m.tooManyTags)
    .default([]),
  imageHash: z
    .string()
    .regex(/^[0-9a-f]{20}$/, m.imageNotFound)
    .nullable()
    .default(null),
  imageAlt: z.string().trim().max(300, m.tooLong).default(''),
  published: z.boolean().default(false),
  publishedAt: z.iso.datetime({ offset: true, error: m.scheduleRequired }).nullable().default(null),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

export const blogPostIdParamsSchema = z.object({ id: z.uuid({ error: m.postNotFound }) });

export const blogScheduleSchema = z.strictObject({
  publishedAt: z.iso.datetime({ offset: true, error: m.scheduleRequired }),
});

export const blogPreviewInputSchema = z.strictObject({
  markdown: z.string().max(100_000, m.tooLong),
});
export const blogPreviewSchema = z.object({
  html: z.string().describe('Le HTML nettoyé, tel que l’article l’affichera'),
  readingMinutes: z.number().int(),
});

export const blogUploadedImageSchema = z.object({
  hash: z.string(),
  image: blogImageSchema,
});

export const blogDeletedSchema = z.object({ deleted: z.literal(true) });
