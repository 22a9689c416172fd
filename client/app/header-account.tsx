import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { shellMessages } from '../../domain/messages/shell';
import { signInPath } from '../../domain/return-path';
import { ButtonLink } from '../components/ui/button-link';
import type { Session } from '../lib/session-store';
import { AccountMenuButton } from './account-menu-button';

// The bell, its popover and their data (TanStack Query) load only for a signed-in reader:
// the landing page's budget stays as it was.
const HeaderNotifications = lazy(() =>
  import('./header-notifications').then((m) => ({ default: m.HeaderNotifications })),
);

/**
 * Right side of the header (docs/architecture.md#screens). Signed out: 'Se connecter', which
 * comes back to this page once signed in; signed in: the notification bell and the avatar menu.
 */
export function HeaderAccount({ session }: { session: Session }) {
  const location = useLocation();
  switch (session.status) {
    case 'loading':
      // Keeps the header's width stable while the session is being read.
      return <span className="inline-block h-10 w-28" aria-hidden="true" />;
    case 'signed-out':
      return (
        <ButtonLink to={signInPath(location)} variant="primary" size="sm">
          {shellMessages.signIn}
        </ButtonLink>
      );
    case 'signed-in':
      return (
        <div className="flex items-center gap-1">
          <Suspense fallback={<span className="inline-block size-11" aria-hidden="true" />}>
            <HeaderNotifications />
          </Suspense>
          <AccountMenuButton user={session.user} />
        </div>
      );
  }
}
