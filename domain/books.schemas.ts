import { z } from 'zod';
import { type Category, categories } from './catalogue';
import { catalogueMessages as m } from './messages/catalogue';
import type { ReadingStatus } from './segments';

export { type Category, categories, EXPLORE_PAGE_SIZE, SEARCH_LIMIT } from './catalogue';

const searchText = z.string().trim().max(100, m.searchTooLong);

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
});

/** GET /api/search: the home search, ranked. */
export const searchQuerySchema = z.object({ q: searchText.default('') });

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

/** What a card shows: never a question or an answer. */
export type BookCard = {
  id: string;
  slug: string;
  title: string;
  author: string;
  category: Category;
  tags: string[];
  totalPages: number;
  expectedSegments: number;
  /** JPEG cover (fallback) and WebP cover, 512×768; null until the book has a cover. */
  coverUrl: string | null;
  coverWebpUrl: string | null;
  year: number | null;
};

export type BookDetail = BookCard & {
  description: string;
  isPublished: boolean;
  questionsAvailable: number;
};

/** The signed-in reader's progress on one book. */
export type ReadingProgressView = {
  status: ReadingStatus;
  segmentsValidated: number;
  currentPage: number;
  progressPercent: number;
  currentSegment: number;
  nextSegmentPage: number;
  jokersUsed: number;
  jokersAllowed: number;
  startedAt: string | null;
  completedAt: string | null;
  updatedAt: string;
};

export type ReadingListItem = {
  book: BookCard;
  progress: ReadingProgressView;
  isUnavailable: boolean;
};

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
