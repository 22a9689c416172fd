import { AdminDashboard } from '../features/admin/components/admin-dashboard';

/** /admin: the back office's dashboard (inside the admin layout: gate and navigation). */
export function AdminDashboardPage() {
  return <AdminDashboard />;
}
