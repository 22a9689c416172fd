import { z } from 'zod';
import { bookCardSchema } from './books.schemas';
import { categories } from './catalogue';
import { parseIsbn } from './isbn';
import { bookReportReasons, readerBooksMessages as m } from './messages/reader-books';

// A reader adds a book the catalogue lacks (decision 044): the lookup in the open catalogue, then
// the book itself. The same bounds as the back office's form, but for pages (1–5 000: the
// longest books a reader reads in segments), with the reader's own words.

/** Most pages of a book a reader adds. */
export const MAX_READER_BOOK_PAGES = 5_000;
/** Books one reader may add in 24 hours. */
export const READER_BOOKS_PER_DAY = 10;

/** GET /api/book-lookup?q=: a title, an author or an ISBN. */
export const bookLookupQuerySchema = z.object({ q: z.string().default('') });

const lookupEditionSchema = z.object({
  sourceKey: z.string(),
  title: z.string(),
  author: z.string(),
  pageCount: z.number().nullable(),
  isbn13: z.string().nullable(),
  year: z.number().nullable(),
  coverUrl: z.string().nullable(),
});
export type LookupEditionView = z.infer<typeof lookupEditionSchema>;

/** The lookup's answer: editions, or why there are none (always a French message). */
export const bookLookupAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), editions: z.array(lookupEditionSchema) }),
  z.object({ status: z.enum(['off', 'invalid', 'failed']), message: z.string() }),
]);
export type BookLookupAnswer = z.infer<typeof bookLookupAnswerSchema>;

const currentYearPlusOne = () => new Date().getUTCFullYear() + 1;

/** POST /api/books: the book a reader adds. */
export const readerBookSchema = z.strictObject({
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
  totalPages: z.coerce
    .number({ error: m.pagesInvalid })
    .int(m.pagesInvalid)
    .min(1, m.pagesInvalid)
    .max(MAX_READER_BOOK_PAGES, m.pagesInvalid),
  category: z.enum(categories, { error: m.categoryInvalid }),
  // Typed as the reader likes (spaces, dashes, ISBN-10): stored as its ISBN-13.
  isbn: z
    .string()
    .trim()
    .max(30)
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const isbn = parseIsbn(text);
      if (!isbn.ok) {
        ctx.addIssue({ code: 'custom', message: isbn.message });
        return z.NEVER;
      }
      return isbn.isbn13;
    }),
  year: z
    .number({ error: m.yearInvalid })
    .int(m.yearInvalid)
    .min(-3000, m.yearInvalid)
    .refine((year) => year <= currentYearPlusOne(), m.yearInvalid)
    .nullish()
    .transform((year) => year ?? null),
  description: z
    .string({ error: m.descriptionTooLong })
    .trim()
    .max(5000, m.descriptionTooLong)
    .default(''),
  // A cover the lookup offered: checked against the configured covers service on the server.
  coverUrl: z.string().max(500, m.coverInvalid).nullish(),
});
export type ReaderBookInput = z.input<typeof readerBookSchema>;
export type ReaderBook = z.output<typeof readerBookSchema>;

/** 201: the book added, ready to open. */
export const addedBookSchema = bookCardSchema.pick({ id: true, slug: true, title: true });
export type AddedBook = z.infer<typeof addedBookSchema>;

/** POST /api/books/:bookId/reports: a reader reports a book (decision 048). */
export const bookReportReasonCodes = Object.keys(bookReportReasons) as [
  keyof typeof bookReportReasons,
  ...(keyof typeof bookReportReasons)[],
];
export const bookReportParamsSchema = z.object({ bookId: z.uuid({ error: m.bookNotFound }) });
export const bookReportSchema = z.strictObject({
  reason: z.enum(bookReportReasonCodes, { error: m.reportReasonRequired }),
  detail: z
    .string()
    .trim()
    .max(300, m.reportDetailTooLong)
    .optional()
    .transform((text) => (text ? text : null)),
});
export type BookReportInput = z.input<typeof bookReportSchema>;
export const bookReportResultSchema = z.object({ reported: z.literal(true) });
