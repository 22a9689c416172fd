import { z } from 'zod';
import { AUTO_COVER_LIMIT, COVER_GROUP_FILTERS, COVER_GROUPS } from './covers';
import { autoCoverMessages as m } from './messages/covers';

// The automatic covers' contracts, apart from domain/covers.ts: every page that shows a
// cover imports that one, and zod with these schemas cost a phone's page tens of ms to load.

const groupSchema = z.enum(COVER_GROUP_FILTERS, { error: m.invalidGroup }).default('all');

/**
 * The limit field: a whole number from 1 to 2000; empty (or absent) means 500. A string in a
 * query, a number or a string in a body.
 */
const limitSchema = z
  .union([z.number(), z.string()], { error: m.invalidLimit })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
      return AUTO_COVER_LIMIT.default;
    }
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(n) || n < AUTO_COVER_LIMIT.min || n > AUTO_COVER_LIMIT.max) {
      ctx.addIssue({ code: 'custom', message: m.invalidLimit });
      return z.NEVER;
    }
    return n;
  });

/** GET /api/admin/auto-covers: the books a batch would draw. */
export const autoCoverQuerySchema = z.object({ group: groupSchema, limit: limitSchema });

/** POST /api/admin/auto-covers/batches: draw them. */
export const autoCoverStartSchema = z.strictObject({ group: groupSchema, limit: limitSchema });

const coverBookSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  group: z.enum(COVER_GROUPS),
  coverUrl: z.string().nullable(),
  coverWebpUrl: z.string().nullable(),
});

export const autoCoverListSchema = z.object({
  /** How many books the batch would draw (at most the limit). */
  count: z.number(),
  /** The first 10 of them. */
  preview: z.array(coverBookSchema),
});
export type AutoCoverList = z.infer<typeof autoCoverListSchema>;

export const coverBatchSchema = z.object({
  id: z.string(),
  group: z.enum(COVER_GROUP_FILTERS),
  status: z.enum(['running', 'done']),
  total: z.number(),
  processed: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  failures: z.array(z.object({ bookId: z.string(), title: z.string(), message: z.string() })),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CoverBatchView = z.infer<typeof coverBatchSchema>;

/** GET /api/admin/auto-covers/batch: the batch running, or the last one (null: none yet). */
export const latestBatchSchema = z.object({ batch: coverBatchSchema.nullable() });
