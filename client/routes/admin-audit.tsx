import { AuditScreen } from '../features/admin/audit/audit-screen';

/** /admin/audit: the server audit with its live log (inside the admin layout). */
export function AdminAuditPage() {
  return <AuditScreen />;
}
