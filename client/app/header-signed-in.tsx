import { lazy, Suspense } from 'react';
import type { SessionUser } from '../../domain/accounts.schemas';
import { AccountMenuButton } from './account-menu-button';

// The bell, its popover and their data (TanStack Query) load after the avatar: the avatar
// is what a reader looks for first.
const HeaderNotifications = lazy(() =>
  import('./header-notifications').then((m) => ({ default: m.HeaderNotifications })),
);

/** A signed-in reader's corner of the header: the notification bell and the avatar menu. */
export function HeaderSignedIn({ user }: { user: SessionUser }) {
  return (
    <div className="flex items-center gap-1">
      <Suspense fallback={<span className="inline-block size-11" aria-hidden="true" />}>
        <HeaderNotifications />
      </Suspense>
      <AccountMenuButton user={user} />
    </div>
  );
}
