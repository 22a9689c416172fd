import { shellMessages } from '../../domain/messages/shell';
import { ButtonLink } from '../components/ui/button-link';
import type { Session } from './use-session';

/**
 * Right side of the header. Signed out: 'Se connecter'. The accounts issue adds the
 * signed-in branch here (notification bell and avatar menu, spec 000 §2 'Header').
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
      return null;
  }
}
