import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { readerIdColumn } from '../auth/auth.columns';

// The administrators' audit trail (docs/architecture.md#back-office, decision 025): one row per
// admin write, written in the write's own transaction (recordAdminAction), so a change and
// its record exist together or not at all. The admin's account may be deleted later: the
// row stays, with admin_id null. before/after are what the entity looked like around the
// change (null for a creation / a removal).
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: readerIdColumn('admin_id', 'set null'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_time_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_admin_idx').on(t.adminId, t.createdAt.desc()),
    index('admin_audit_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
    index('admin_audit_action_idx').on(t.action, t.createdAt.desc()),
  ],
);
