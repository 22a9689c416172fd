import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { resetRequestSchema } from '../../../../domain/accounts.schemas';
import {
  accountMessages as m,
  authScreenMessages as t,
} from '../../../../domain/messages/accounts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { firstErrorByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * 'Mot de passe oublié?' and its dialog: one e-mail field, then the reset link is mailed
 * (docs/architecture.md#accounts).
 */
export function ForgotPasswordDialog({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const request = useRequestPasswordReset();

  function submit() {
    const result = resetRequestSchema.safeParse({ email });
    if (!result.success) {
      setError(firstErrorByField(result.error).email);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    request.mutate(result.data, {
      onSuccess: () => {
        toast.success(m.resetSent);
        setOpen(false);
      },
      // The server's own words for what it refused (too many requests…), else the spec's.
      onError: (failure) =>
        toast.error(
          failure instanceof HttpError && failure.status < 500
            ? failure.message
            : m.resetSendFailed,
        ),
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setEmail(initialEmail.trim());
          setError(undefined);
        }
        setOpen(next);
      }}
      trigger={
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-lg px-1 text-sm font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
        >
          {t.forgotPassword}
        </button>
      }
      closeLabel={t.close}
      title={t.resetTitle}
      text={t.resetLead}
      cancelLabel={t.cancel}
      confirmLabel={t.resetSubmit}
      pendingLabel={t.resetSending}
      pending={request.isPending}
      onConfirm={submit}
    >
      <TextField
        ref={inputRef}
        label={t.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
