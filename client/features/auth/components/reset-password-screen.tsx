import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  accountMessages as m,
  resetScreenMessages as t,
} from '../../../../domain/messages/accounts';
import { appPaths } from '../../../../domain/screen-paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { LoadingState } from '../../../components/ui/loading-state';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useResetTokenCheck } from '../api/check-reset-token';
import { NewPasswordForm } from './new-password-form';

/**
 * /reset-password?token=…, opened from the reset e-mail (docs/architecture.md#accounts):
 * the link is checked first; a missing, used or expired one says so and leads back to /auth.
 */
export function ResetPasswordScreen() {
  usePageMeta({ title: t.documentTitle });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useResetTokenCheck(token);
  const [expired, setExpired] = useState(false);

  if (token && check.isPending) return <LoadingState text={m.loading} />;
  if (!token || expired || check.data !== true) {
    return (
      <Frame title={m.resetInvalidLink}>
        <p className="text-center">{expired ? m.resetExpired : t.invalidText}</p>
        <div className="mt-8 text-center">
          <ButtonLink to={appPaths.auth} size="lg">
            {t.askAgain}
          </ButtonLink>
        </div>
      </Frame>
    );
  }
  return (
    <Frame title={t.title} lead={t.lead}>
      <NewPasswordForm token={token} onExpired={() => setExpired(true)} />
    </Frame>
  );
}

function Frame(props: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="px-4 py-10 md:py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-4xl font-semibold tracking-tight md:text-5xl">
          {props.title}
        </h1>
        {props.lead ? <p className="mt-4 text-center text-lg text-ink-soft">{props.lead}</p> : null}
        <div className="mt-8 rounded-3xl border border-line bg-paper-deep/60 p-5 sm:p-8">
          {props.children}
        </div>
      </div>
    </div>
  );
}
