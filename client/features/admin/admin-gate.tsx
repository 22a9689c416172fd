import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { adminShellMessages as t } from '../../../domain/messages/admin';
import { appPaths } from '../../../domain/screen-paths';
import { LoadingState } from '../../components/ui/loading-state';
import { useSession } from '../../lib/use-session';

/** How long a refused reader sees 'Accès refusé' before going to /home (~100 ms). */
export const ADMIN_DENIED_REDIRECT_MS = 100;

/**
 * The admin gate (docs/architecture.md#back-office): checking while the session loads, then the
 * page for an administrator, or 'Accès refusé' and the rights sentence, then /home, for anyone
 * else. The browser only shows; every /api/admin route refuses non-admins itself (403). Placed
 * inside ProtectedRoute, so a signed-out visitor signs in first and comes back here.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const denied =
    session.status !== 'loading' && !(session.status === 'signed-in' && session.user.isAdmin);

  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(
      () => navigate(appPaths.home, { replace: true }),
      ADMIN_DENIED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [denied, navigate]);

  if (session.status === 'loading') return <LoadingState text={t.checking} />;
  if (denied) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-5 py-20 text-center">
        <h1 className="text-2xl font-semibold md:text-3xl">{t.deniedTitle}</h1>
        <p className="mt-3 text-ink-soft">{t.deniedText}</p>
      </div>
    );
  }
  return children;
}
