import { z } from 'zod';
import { categories } from './catalogue';
import { deviceReadingSchema } from './kosync.schemas';
import { catalogueMessages as m, readinessMessages as r } from './messages/catalogue';
import { READING_STATUSES } from './segments';

export { type Category, categories, EXPLORE_PAGE_SIZE, SEARCH_LIMIT } from './catalogue';

const searchText = z.string().trim().max(100, m.searchTooLong);

/** `ready=1`: only books whose every segment has its question (domain/readiness.ts). */
const readyFilter = z
  .stringbool({ truthy: ['1', 'true'], falsy: ['0', 'false'], error: r.invalidFilter })
  .default(false);

/** GET /api/books: explore a category, optionally filtered (from 2 characters). */
export const exploreQuerySchema = z.object({
  cat: z.enum(categories, { error: m.invalidCategory }).default('litterature'),
  q: searchText.default(''),
  page: z.coerce
    .number({ error: m.invalidPage })
    .int(m.invalidPage)
    .min(1, m.invalidPage)
    .max(10_000, m.invalidPage)
    .default(1),
  sort: z.enum(['date', 'author', 'pages'], { error: m.invalidSort }).default('date'),
  ready: readyFilter,
});

/** GET /api/search: the home search, ranked. */
export const searchQuerySchema = z.object({ q: searchText.default(''), ready: readyFilter });

/** A book id (uuid) or slug in a path. */
export const bookRefSchema = z.object({
  ref: z
    .string()
    .trim()
    .min(1, m.bookIdOrSlugInvalid)
    .max(200, m.bookIdOrSlugInvalid)
    .regex(/^[a-z0-9-]+$/i, m.bookIdOrSlugInvalid),
});

export const addToListSchema = z.strictObject({
  bookId: z.uuid({ error: m.bookIdOrSlugInvalid }),
});

// Response contracts: the types are inferred from them, the OpenAPI document is generated from them.

/** What a card shows: never a question or an answer. */
export const bookCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  category: z.enum(categories),
  tags: z.array(z.string()),
  totalPages: z.number(),
  expectedSegments: z.number(),
  /** JPEG cover (fallback) and WebP cover, 512×768; null until the book has a cover. */
  coverUrl: z.string().nullable().describe('Couverture JPEG 512×768 (null sans couverture).'),
  coverWebpUrl: z.string().nullable().describe('Couverture WebP 512×768 (null sans couverture).'),
  year: z.number().nullable(),
  /** Segments from the first, in a row, that have a question (domain/readiness.ts). */
  questionsReady: z
    .number()
    .describe('Segments validables\u00a0: du premier, sans trou, ceux qui ont leur question.'),
});
export type BookCard = z.infer<typeof bookCardSchema>;

export const bookDetailSchema = bookCardSchema.extend({
  description: z.string(),
  isPublished: z.boolean(),
  questionsAvailable: z.number(),
  /** Added by a reader and not yet confirmed by an administrator (« Ajouté par la communauté »). */
  communityAdded: z.boolean(),
});
export type BookDetail = z.infer<typeof bookDetailSchema>;

/** The signed-in reader's progress on one book. */
export const readingProgressViewSchema = z.object({
  status: z.enum(READING_STATUSES),
  segmentsValidated: z.number(),
  currentPage: z.number(),
  progressPercent: z.number(),
  currentSegment: z.number(),
  nextSegmentPage: z.number(),
  jokersUsed: z.number(),
  jokersAllowed: z.number(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReadingProgressView = z.infer<typeof readingProgressViewSchema>;

export const readingListItemSchema = z.object({
  book: bookCardSchema,
  progress: readingProgressViewSchema,
  isUnavailable: z.boolean(),
  /** On the 'Abandonné' shelf: out of the books in progress, its validations kept. */
  isAbandoned: z.boolean(),
});
export type ReadingListItem = z.infer<typeof readingListItemSchema>;

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** One page of a list (`Page<T>`), for the item schema given. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
}

/** GET /api/books: one page of a category. */
export const bookPageSchema = pageSchema(bookCardSchema);

/** GET /api/search: the best matches, ranked. */
export const searchResultSchema = z.object({ items: z.array(bookCardSchema) });

/**
 * GET /api/books/:ref: the book, and the signed-in reader's progress on it (null otherwise),
 * with the page their KOReader device reached (decision 053; absent for a visitor).
 */
export const bookWithProgressSchema = z.object({
  book: bookDetailSchema,
  progress: readingProgressViewSchema.nullable(),
  device: deviceReadingSchema.nullable().optional(),
});

/** GET /api/reading-list: the signed-in reader's books. */
export const readingListSchema = z.object({ items: z.array(readingListItemSchema) });

/** POST /api/reading-list: the French confirmation and the new progress row. */
export const addedToListSchema = z.object({
  message: z.string(),
  progress: readingProgressViewSchema.nullable(),
});
