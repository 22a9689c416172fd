import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { shellMessages } from '../../domain/messages/shell';
import { signInPath } from '../../domain/return-path';
import { ButtonLink } from '../components/ui/button-link';
import type { Session } from '../lib/session-store';

// A visitor never downloads the signed-in corner (avatar, menu, bell): the landing page is
// mostly read by visitors, and its JavaScript budget is tight (decision 005). The placeholder
// keeps the header's width while it loads.
const HeaderSignedIn = lazy(() =>
  import('./header-signed-in').then((m) => ({ default: m.HeaderSignedIn })),
);
const placeholder = <span className="inline-block h-10 w-28" aria-hidden="true" />;

/**
 * Right side of the header (docs/architecture.md#screens). Signed out: 'Se connecter', which
 * comes back to this page once signed in; signed in: the notification bell and the avatar menu.
 */
export function HeaderAccount({ session }: { session: Session }) {
  const location = useLocation();
  switch (session.status) {
    case 'loading':
      // Keeps the header's width stable while the session is being read.
      return placeholder;
    case 'signed-out':
      return (
        <ButtonLink to={signInPath(location)} variant="primary" size="sm">
          {shellMessages.signIn}
        </ButtonLink>
      );
    case 'signed-in':
      return (
        <Suspense fallback={placeholder}>
          <HeaderSignedIn user={session.user} />
        </Suspense>
      );
  }
}
