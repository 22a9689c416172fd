import { z } from 'zod';
import { categories } from './catalogue';
import { adminBooksMessages as m, adminQuestionsMessages as q } from './messages/admin';

// The back office's contracts for books, questions and segment status
// (docs/architecture.md#back-office, decision 025): /api/admin/books…

/** Rows per page of the admin books table and of the segment status. */
export const ADMIN_BOOKS_PAGE_SIZE = 25;
/** Most pages a book may have (a sanity bound: the longest books run to a few thousand). */
export const MAX_BOOK_PAGES = 20_000;
/** Most questions one import may carry. */
export const MAX_IMPORT_QUESTIONS = 2_000;
export const QUESTION_MAX = 500;
export const ANSWER_MAX = 50;

export const adminBookSorts = ['created', 'title', 'author', 'pages', 'coverage'] as const;
export type AdminBookSort = (typeof adminBookSorts)[number];

export const adminBooksQuerySchema = z.object({
  q: z.string().trim().max(100, m.searchTooLong).default(''),
  sort: z.enum(adminBookSorts, { error: m.invalidSort }).default('created'),
  published: z.enum(['all', 'yes', 'no'], { error: m.invalidSort }).default('all'),
  // 'community': the books readers added that no administrator has confirmed yet (decision 044).
  origin: z.enum(['all', 'community', 'reported'], { error: m.invalidSort }).default('all'),
  page: z.coerce
    .number({ error: m.invalidPage })
    .int(m.invalidPage)
    .min(1, m.invalidPage)
    .max(100_000, m.invalidPage)
    .default(1),
});
export type AdminBooksQuery = z.infer<typeof adminBooksQuerySchema>;

/** A book in the admin table. */
export const adminBookSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  description: z.string(),
  category: z.enum(categories),
  tags: z.array(z.string()),
  year: z.number().nullable(),
  totalPages: z.number(),
  expectedSegments: z.number(),
  isPublished: z.boolean(),
  questionsAvailable: z.number().describe('Segments du livre qui ont leur question'),
  coverUrl: z.string().nullable(),
  createdAt: z.string(),
  isbn13: z.string().nullable(),
  /** Added by a reader, not yet confirmed: « Ajouté par la communauté ». */
  communityAdded: z.boolean(),
  reports: z.number().describe('Signalements de lecteurs (décision 048)'),
});
export type AdminBook = z.infer<typeof adminBookSchema>;

export const adminBooksPageSchema = z.object({
  items: z.array(adminBookSchema),
  total: z.number(),
  page: z.number(),
  pageCount: z.number(),
});
export type AdminBooksPage = z.infer<typeof adminBooksPageSchema>;

// One message per form for 'a whole number of at least 1': the new-book form
// says the count is required, the edit form that it must be a valid number.
const pagesField = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = String(value).trim();
    const n = Number(text);
    if (text === '' || !Number.isInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > MAX_BOOK_PAGES) {
      ctx.addIssue({ code: 'custom', message: m.pagesTooMany });
      return z.NEVER;
    }
    return n;
  });

const tagsField = z
  .array(z.string().trim().min(1, m.tagsInvalid).max(50, m.tagsInvalid), { error: m.tagsInvalid })
  .max(20, m.tagsInvalid);
const yearField = z
  .number({ error: m.yearInvalid })
  .int(m.yearInvalid)
  .min(-3000, m.yearInvalid)
  .max(3000, m.yearInvalid);
const descriptionField = z
  .string({ error: m.descriptionTooLong })
  .trim()
  .max(5000, m.descriptionTooLong);

/** POST /api/admin/books: the add-book form; the slug comes from title + author. */
export const newBookSchema = z.strictObject({
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(200, m.titleTooLong),
  author: z
    .string({ error: m.authorRequired })
    .trim()
    .min(1, m.authorRequired)
    .max(200, m.authorTooLong),
  totalPages: pagesField(m.pagesRequired),
  description: descriptionField.default(''),
  category: z.enum(categories, { error: m.categoryInvalid }).default('litterature'),
  tags: tagsField.default([]),
  year: yearField.optional(),
  isPublished: z.boolean().default(true),
});
export type NewBook = z.input<typeof newBookSchema>;

/** PATCH /api/admin/books/:id: what the edit dialog changes. */
export const bookChangesSchema = z.strictObject({
  totalPages: pagesField(m.pagesInvalid).optional(),
  description: descriptionField.optional(),
  isPublished: z.boolean().optional(),
  category: z.enum(categories, { error: m.categoryInvalid }).optional(),
  tags: tagsField.optional(),
  year: yearField.optional(),
});
export type BookChanges = z.input<typeof bookChangesSchema>;

export const adminBookParamsSchema = z.object({ id: z.uuid({ error: m.bookNotFound }) });

/** DELETE's answer: removed for good, or unpublished because readers have it (decision 025). */
export const bookRemovalSchema = z.object({
  outcome: z.enum(['deleted', 'unpublished']),
  readers: z.number().describe('Lecteurs qui ont ce livre dans leur liste'),
});
export type BookRemoval = z.infer<typeof bookRemovalSchema>;

/** What DELETE would do, for the dialog to say it before. */
export const bookUsageSchema = z.object({ readers: z.number() });

/** A trimmed, lower-case, one-word answer. */
export const answerField = z
  .string({ error: q.answerEmpty })
  .trim()
  .min(1, q.answerEmpty)
  .max(ANSWER_MAX, q.answerTooLong)
  .refine((text) => !/\s/.test(text), q.answerOneWord)
  .transform((text) => text.toLowerCase());
export const questionField = z
  .string({ error: q.questionEmpty })
  .trim()
  .min(1, q.questionEmpty)
  .max(QUESTION_MAX, q.questionTooLong);

/** PUT /api/admin/books/:id/questions/:segment */
export const questionParamsSchema = z.object({
  id: z.uuid({ error: m.bookNotFound }),
  segment: z.coerce
    .number({ error: q.segmentRequired })
    .int(q.segmentRequired)
    .min(1, q.segmentRequired)
    .max(10_000, q.segmentOutOfBook),
});
export const questionInputSchema = z.strictObject({ question: questionField, answer: answerField });
export type QuestionInput = z.input<typeof questionInputSchema>;

/** Each segment of a book, with its question when it has one. */
export const segmentSlotSchema = z.object({
  segment: z.number(),
  from: z.number(),
  to: z.number(),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  beyond: z
    .boolean()
    .describe('Segment au-delà de la fin du livre (après une baisse du nombre de pages)'),
  pool: z
    .array(
      z.object({
        id: z.string(),
        question: z.string(),
        answer: z.string(),
        byReader: z.boolean().describe('Proposée par un lecteur'),
      }),
    )
    .describe('Les questions approuvées du segment : chaque lecteur en reçoit une'),
});
export type SegmentSlot = z.infer<typeof segmentSlotSchema>;

export const segmentStatuses = ['incomplete', 'missing', 'complete'] as const;
export type SegmentStatus = (typeof segmentStatuses)[number];

export const bookQuestionsSchema = z.object({
  book: adminBookSchema,
  status: z.enum(segmentStatuses),
  slots: z.array(segmentSlotSchema),
});
export type BookQuestions = z.infer<typeof bookQuestionsSchema>;

/** POST /api/admin/books/:id/questions/import: a file's text, JSON or CSV. */
export const questionsImportSchema = z.strictObject({
  format: z.enum(['json', 'csv'], { error: q.importFormat }),
  content: z.string({ error: q.importEmpty }).max(900_000, q.importTooMany),
});
export const questionsImportResultSchema = z.object({
  imported: z.number(),
  notices: z.array(z.string()),
});
export type QuestionsImportResult = z.infer<typeof questionsImportResultSchema>;

/** A book's segment status (docs/architecture.md#back-office). */
export const segmentStatusRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  expectedSegments: z.number(),
  availableQuestions: z.number(),
  missingSegments: z.array(z.number()),
  status: z.enum(segmentStatuses),
});
export type SegmentStatusRow = z.infer<typeof segmentStatusRowSchema>;

export const segmentStatusPageSchema = z.object({
  items: z.array(segmentStatusRowSchema),
  total: z.number(),
  page: z.number(),
  pageCount: z.number(),
});
export type SegmentStatusPage = z.infer<typeof segmentStatusPageSchema>;
export const segmentStatusQuerySchema = adminBooksQuerySchema.pick({ page: true });
