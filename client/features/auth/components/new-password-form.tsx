import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { newPasswordProblem } from '../../../../domain/accounts.schemas';
import {
  accountMessages as m,
  resetScreenMessages as t,
} from '../../../../domain/messages/accounts';
import { appPaths } from '../../../../domain/screen-paths';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { PasswordField } from './password-field';

/** To /auth 2 s after a new password is set (docs/architecture.md#accounts). */
export const RESET_REDIRECT_MS = 2000;

type Field = 'password' | 'confirmation';

/** Which field a problem of newPasswordProblem belongs to, so it is shown under it. */
function fieldOf(problem: string, password: string): Field {
  if (problem === m.newPasswordMismatch) return 'confirmation';
  if (problem === m.newPasswordFieldsRequired && password) return 'confirmation';
  return 'password';
}

/**
 * The two new-password fields (docs/architecture.md#accounts; checked here with the server's
 * rule); on success a confirmation, then /auth after 2 s. A link that expired meanwhile
 * hands over to `onExpired`.
 */
export function NewPasswordForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<{ field: Field; message: string }>();
  const [done, setDone] = useState(false);
  const refs = {
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
  };
  const confirm = useConfirmPasswordReset();
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate(appPaths.auth, { replace: true }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit() {
    const message = newPasswordProblem(password, confirmation);
    if (message) {
      const field = fieldOf(message, password);
      setProblem({ field, message });
      refs[field].current?.focus();
      return;
    }
    setProblem(undefined);
    try {
      await confirm.mutateAsync({ token, password, confirmation });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'INVALID_TOKEN') {
        toast.error(m.resetExpired);
        onExpired();
      } else {
        toast.error(error instanceof HttpError ? error.message : m.resetUpdateFailed);
      }
      return;
    }
    setDone(true);
  }

  if (done) {
    return (
      <div role="status" className="text-center">
        <h2 className="text-2xl font-semibold">{t.doneTitle}</h2>
        <p className="mt-3">{m.resetDone}</p>
        <p className="mt-4 flex items-center justify-center gap-2 text-sm text-ink-soft">
          <Spinner className="text-accent" />
          {t.redirecting}
        </p>
      </div>
    );
  }

  const errorOf = (field: Field) => (problem?.field === field ? problem.message : undefined);
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!confirm.isPending) void submit();
      }}
    >
      <PasswordField
        ref={refs.password}
        label={t.passwordLabel}
        name="password"
        autoComplete="new-password"
        value={password}
        error={errorOf('password')}
        onChange={(event) => {
          setPassword(event.target.value);
          setProblem(undefined);
        }}
      />
      <PasswordField
        ref={refs.confirmation}
        label={t.confirmationLabel}
        name="confirmation"
        autoComplete="new-password"
        value={confirmation}
        error={errorOf('confirmation')}
        onChange={(event) => {
          setConfirmation(event.target.value);
          setProblem(undefined);
        }}
      />
      <button
        type="submit"
        disabled={confirm.isPending}
        aria-busy={confirm.isPending || undefined}
        className={buttonClasses({ size: 'lg', className: 'w-full' })}
      >
        {confirm.isPending ? <Spinner /> : null}
        {confirm.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
