import { Navigate, useLocation } from 'react-router';
import {
  accountMessages as m,
  authScreenMessages as t,
} from '../../../../domain/messages/accounts';
import { LoadingState } from '../../../components/ui/loading-state';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../../lib/use-session';
import { afterSignInTarget } from '../paths';
import { AuthForm } from './auth-form';

/**
 * /auth: sign in or sign up; a reader already signed in goes on to the page in `next` (the one
 * they came from), else /home (docs/architecture.md#accounts).
 */
export function AuthScreen() {
  usePageMeta({ title: t.documentTitle });
  const session = useSession();
  const target = afterSignInTarget(useLocation().search);
  if (session.status === 'signed-in') return <Navigate to={target} replace />;
  if (session.status === 'loading') return <LoadingState text={m.loading} />;
  return (
    <div className="px-4 py-10 md:py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-4xl font-semibold tracking-tight md:text-5xl">{t.title}</h1>
        <p className="mt-4 text-center text-lg text-ink-soft">{t.lead}</p>
        <div className="mt-8 rounded-3xl border border-line bg-paper-deep/60 p-5 sm:p-8">
          <AuthForm target={target} />
        </div>
        <p className="mt-6 text-center text-sm text-ink-soft">{t.newHere}</p>
      </div>
    </div>
  );
}
