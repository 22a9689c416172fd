import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages as m } from '../../../../domain/messages/accounts';
import { appPaths } from '../../../../domain/screen-paths';
import { LoadingState } from '../../../components/ui/loading-state';
import { useSession } from '../../../lib/use-session';

/**
 * Protected-route wrapper (docs/architecture.md#roles): 'Chargement...' while the session loads,
 * 'Redirection...' and a move to /auth (replacing history) when nobody is signed in.
 * A reader who signs out on this very screen is not sent to /auth: the sign-out flow takes
 * them to / itself.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (session.status === 'signed-in' && !wasSignedIn) setWasSignedIn(true);
  const mustLeave = session.status === 'signed-out' && !wasSignedIn;

  useEffect(() => {
    if (mustLeave) navigate(appPaths.auth, { replace: true });
  }, [mustLeave, navigate]);

  switch (session.status) {
    case 'loading':
      return <LoadingState text={m.loading} />;
    case 'signed-out':
      return <LoadingState text={m.redirecting} />;
    case 'signed-in':
      return children;
  }
}
