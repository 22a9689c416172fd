import type { Db } from '../../db/client';
import { adminAudit } from './audit.table';

/** A transaction (or the pool, for a write that is one statement) that can insert. */
export type AuditExecutor = Pick<Db, 'insert'>;

export type AdminAction = {
  /** The administrator who made the change (request.reader.id). */
  adminId: string;
  /** What was done, as a short verb phrase: 'book.create', 'question.update', 'webhook.set'… */
  action: string;
  /** The kind of thing changed: 'book', 'question', 'book_request', 'blog_post', 'setting'… */
  entity: string;
  /** Its id (uuid, slug or key), or null for a change over many (an import, a batch). */
  entityId?: string | null;
  /** What it looked like before (null for a creation) and after (null for a removal). */
  before?: unknown;
  after?: unknown;
};

/**
 * Records one administrator's write in the audit trail (decision 025). Call it inside the
 * write's transaction, after the change: the record and the change commit together, and a
 * failed change leaves no record. Keep before/after small (the fields that matter, not
 * a whole file or image).
 */
export async function recordAdminAction(tx: AuditExecutor, entry: AdminAction): Promise<void> {
  await tx.insert(adminAudit).values({
    adminId: entry.adminId,
    action: entry.action,
    entityType: entry.entity,
    entityId: entry.entityId ?? null,
    before: jsonOrNull(entry.before),
    after: jsonOrNull(entry.after),
  });
}

// Dates become ISO strings and undefined fields disappear, as they would in a response.
function jsonOrNull(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}
