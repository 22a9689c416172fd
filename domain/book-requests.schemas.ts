import { z } from 'zod';
import { BOOK_REQUEST_STATUSES, BOOK_REQUEST_LIMITS as L } from './book-requests';
import { isValidIsbn, normalizeIsbnInput } from './isbn';
import { bookRequestMessages as m } from './messages/book-requests';

// Contracts of /api/book-requests and /api/admin/book-requests
// (docs/architecture.md#book-requests-and-premium).

/** Optional text: trimmed, an empty value becomes null. */
const optionalText = (max: number) =>
  z
    .string({ error: m.tooLong })
    .max(max * 2, m.tooLong)
    .nullish()
    .transform((v) => {
      const t = v?.trim() ?? '';
      return t === '' ? null : t;
    })
    .refine((v) => v === null || v.length <= max, m.tooLong);

export const bookRequestBodySchema = z.strictObject({
  title: z
    .string({ error: m.titleRequired })
    .max(L.title * 2, m.tooLong)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, m.titleRequired)
    .refine((v) => v.length <= L.title, m.tooLong),
  author: optionalText(L.author),
  isbn: optionalText(L.isbn)
    .refine((v) => v === null || isValidIsbn(v), m.isbnInvalid)
    .transform((v) => (v === null ? null : normalizeIsbnInput(v))),
  reason: optionalText(L.reason),
});
export type BookRequestBody = z.input<typeof bookRequestBodySchema>;

export const bookRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  isbn: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(BOOK_REQUEST_STATUSES),
  createdAt: z.string(),
});
export type BookRequest = z.infer<typeof bookRequestSchema>;

export const myBookRequestsSchema = z.object({
  items: z.array(bookRequestSchema),
  /** How many more may be sent now (the two-at-a-time rule). */
  remaining: z.number().int().min(0),
});
export type MyBookRequests = z.infer<typeof myBookRequestsSchema>;

export const adminBookRequestSchema = bookRequestSchema.extend({
  reader: z.object({ id: z.string(), username: z.string().nullable(), email: z.string() }),
});
export type AdminBookRequest = z.infer<typeof adminBookRequestSchema>;

export const adminBookRequestsQuerySchema = z.strictObject({
  status: z.enum(BOOK_REQUEST_STATUSES, { error: m.statusInvalid }).optional(),
});

export const adminBookRequestsSchema = z.object({ items: z.array(adminBookRequestSchema) });

export const bookRequestParamsSchema = z.object({ id: z.uuid({ error: m.notFound }) });

export const bookRequestStatusBodySchema = z.strictObject({
  status: z.enum(BOOK_REQUEST_STATUSES, { error: m.statusInvalid }),
});
