import { AuditTrailScreen } from '../features/admin/components/audit-trail';

/** /admin/journal: the audit trail (inside the admin layout: gate and navigation). */
export function AdminJournalPage() {
  return <AuditTrailScreen />;
}
