import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { resetRequestSchema } from '../../../../domain/accounts.schemas';
import {
  accountMessages as m,
  authScreenMessages as t,
} from '../../../../domain/messages/accounts';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
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
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setEmail(initialEmail.trim());
          setError(undefined);
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger className="inline-flex min-h-11 items-center rounded-lg px-1 text-sm font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent">
        {t.forgotPassword}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl font-semibold">
              {t.resetTitle}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t.close}
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-paper-deep"
            >
              <X size={22} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-ink-soft">{t.resetLead}</Dialog.Description>
          <form
            noValidate
            className="mt-6 space-y-6"
            onSubmit={(event) => {
              event.preventDefault();
              // The sign-in form around this portal must not be submitted too.
              event.stopPropagation();
              submit();
            }}
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
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClasses({ variant: 'ghost' })}>
                {t.cancel}
              </Dialog.Close>
              <button
                type="submit"
                disabled={request.isPending}
                aria-busy={request.isPending || undefined}
                className={buttonClasses()}
              >
                {request.isPending ? <Spinner /> : null}
                {request.isPending ? t.resetSending : t.resetSubmit}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
