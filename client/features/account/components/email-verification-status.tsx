import { CircleAlert, CircleCheck } from 'lucide-react';
import { toast } from 'sonner';
import { emailVerificationMessages as m } from '../../../../domain/messages/email-verification';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { useEmailVerification, useResendVerification } from '../api/email-verification';

/** Paramètres: is the reader's address confirmed, and a new link if it is not. */
export function EmailVerificationStatus() {
  const status = useEmailVerification();
  const resend = useResendVerification();
  if (status.data === undefined) return null;
  if (status.data.verified) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <CircleCheck size={18} aria-hidden="true" className="text-accent" />
        {m.statusVerified}
      </p>
    );
  }
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => {
        if (error instanceof HttpError && error.code === 'CONFLICT') void status.refetch();
        toast.error(error instanceof HttpError ? error.message : m.resendFailed);
      },
    });
  return (
    <div>
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <CircleAlert size={18} aria-hidden="true" className="text-ink-soft" />
        {m.statusUnverified}
      </p>
      <p className="mt-1 text-sm text-ink-soft">{m.unverifiedHint}</p>
      <button
        type="button"
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
        onClick={send}
        className={`mt-2 ${buttonClasses({ variant: 'secondary', size: 'sm' })}`}
      >
        {resend.isPending ? <Spinner /> : null}
        {resend.isPending ? m.resending : m.resend}
      </button>
    </div>
  );
}
