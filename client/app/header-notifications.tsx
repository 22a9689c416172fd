import { NotificationBell } from '../features/notifications/components/notification-bell';
import { LiveConnection } from './live-connection';
import { QueryProvider } from './query-provider';

/**
 * The header's notification bell with the query client it reads through: one chunk, loaded
 * by header-account.tsx for a signed-in reader only (TanStack Query stays off the landing
 * page's first bundle). The tab's live stream comes with it: it is for signed-in readers
 * too, and reloads queries on `resync`.
 */
export function HeaderNotifications() {
  return (
    <QueryProvider>
      <NotificationBell />
      <LiveConnection />
    </QueryProvider>
  );
}
