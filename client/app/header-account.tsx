import { shellMessages } from '../../domain/messages/shell';
import { ButtonLink } from '../components/ui/button-link';
import type { Session } from '../lib/session-store';
import { AccountMenuButton } from './account-menu-button';

/**
 * Right side of the header (docs/architecture.md#screens). Signed out: 'Se connecter'; signed in:
 * the avatar menu. The notification bell joins it with the notifications issue.
 */
export function HeaderAccount({ session }: { session: Session }) {
  switch (session.status) {
    case 'loading':
      // Keeps the header's width stable while the session is being read.
      return <span className="inline-block h-10 w-28" aria-hidden="true" />;
    case 'signed-out':
      return (
        <ButtonLink to="/auth" variant="primary" size="sm">
          {shellMessages.signIn}
        </ButtonLink>
      );
    case 'signed-in':
      return <AccountMenuButton user={session.user} />;
  }
}
