import { z } from 'zod';
import { auditTrailMessages as m } from './messages/admin';

// The audit trail's contracts (decision 025): GET /api/admin/audit-trail.

/** Rows per page of the trail. */
export const AUDIT_TRAIL_PAGE_SIZE = 50;

const day = z.iso.date({ error: m.invalidDate });

const filterText = z.string().trim().max(100).optional();

/** Filters: who, what, on what, between which days (inclusive, UTC), which page (from 1). */
export const auditTrailQuerySchema = z
  .object({
    admin: z.uuid({ error: m.invalidAdmin }).optional(),
    action: filterText,
    entity: filterText,
    entityId: z.string().trim().max(200).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce
      .number({ error: m.invalidPage })
      .int(m.invalidPage)
      .min(1, m.invalidPage)
      .max(100_000, m.invalidPage)
      .default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: m.rangeReversed, path: ['to'] });
export type AuditTrailQuery = z.infer<typeof auditTrailQuerySchema>;

/** An administrator: their display name and, to tell them apart, their e-mail. */
export const auditAdminSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  admin: auditAdminSchema
    .nullable()
    .describe("null : le compte de l'administrateur a été supprimé"),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  // Any JSON, null included (a creation has no before, a deletion no after).
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditTrailSchema = z.object({
  items: z.array(auditEntrySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  /** What the filters offer: the admins, actions and entities the trail holds. */
  options: z.object({
    admins: z.array(auditAdminSchema),
    actions: z.array(z.string()),
    entities: z.array(z.string()),
  }),
});
export type AuditTrail = z.infer<typeof auditTrailSchema>;
