import { QueryProvider } from '../app/query-provider';
import { AdminFrame } from '../features/admin/admin-frame';
import { AdminGate } from '../features/admin/admin-gate';
import { ProtectedRoute } from '../features/auth/components/protected-route';

/**
 * The layout route of every /admin page (client/app/router.tsx): signed-in readers only
 * (a visitor signs in and comes back), administrators only (the gate), then the frame with
 * the sections' navigation and the section's page.
 */
export function AdminLayout() {
  return (
    <ProtectedRoute>
      <AdminGate>
        <QueryProvider>
          <AdminFrame />
        </QueryProvider>
      </AdminGate>
    </ProtectedRoute>
  );
}
