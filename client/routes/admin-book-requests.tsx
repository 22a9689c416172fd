import { AdminBookRequests } from '../features/book-requests/components/admin-book-requests';

/** /admin/book-requests: the readers' requests (inside the admin layout). */
export function AdminBookRequestsPage() {
  return <AdminBookRequests />;
}
