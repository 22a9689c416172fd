import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountMessages as m } from '../../../../domain/messages/accounts';
import { signInPath } from '../../../../domain/return-path';
import { LoadingState } from '../../../components/ui/loading-state';
import { useSession } from '../../../lib/use-session';

/**
 * Protected-route wrapper (docs/architecture.md#roles): 'Chargement...' while the session loads,
 * 'Redirection...' and a move to /auth (replacing history) when nobody is signed in, carrying
 * this screen so that signing in comes back to it.
 * A reader who signs out on this very screen is not sent to /auth: the sign-out flow takes
 * them to / itself.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (session.status === 'signed-in' && !wasSignedIn) setWasSignedIn(true);
  const mustLeave = session.status === 'signed-out' && !wasSignedIn;

  useEffect(() => {
    if (mustLeave) navigate(signInPath(location), { replace: true });
  }, [mustLeave, navigate, location]);

  switch (session.status) {
    case 'loading':
      return <LoadingState text={m.loading} />;
    case 'signed-out':
      return <LoadingState text={m.redirecting} />;
    case 'signed-in':
      return children;
  }
}
