import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { passwordChangeBodySchema } from '../../../../domain/account.schemas';
import { passwordChangeMessages as m } from '../../../../domain/messages/account';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/http-error';
import { useChangePassword } from '../api/account';

const empty = { currentPassword: '', password: '', confirmation: '' };

/** 'Changer le mot de passe' (spec 000 §2 Paramètres): current password, then the new one. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(empty);
  const [error, setError] = useState<string>();
  const change = useChangePassword();
  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeBodySchema.safeParse(fields);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    change.mutate(fields, {
      onSuccess: () => {
        toast.success(m.done);
        setOpen(false);
      },
      onError: (failure) =>
        setError(failure instanceof HttpError && failure.status < 500 ? failure.message : m.failed),
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setFields(empty);
        setError(undefined);
        setOpen(next);
      }}
    >
      <Dialog.Trigger className={buttonClasses({ variant: 'secondary' })}>{m.title}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90vh] max-w-md -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none sm:p-8">
          <Dialog.Title className="font-serif text-2xl font-semibold">{m.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink-soft">{m.lead}</Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-6 space-y-5">
            <TextField
              label={m.currentLabel}
              type="password"
              autoComplete="current-password"
              value={fields.currentPassword}
              onChange={set('currentPassword')}
            />
            <TextField
              label={m.newLabel}
              type="password"
              autoComplete="new-password"
              value={fields.password}
              onChange={set('password')}
            />
            <TextField
              label={m.confirmationLabel}
              type="password"
              autoComplete="new-password"
              value={fields.confirmation}
              onChange={set('confirmation')}
              error={error}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClasses({ variant: 'ghost' })}>
                {m.cancel}
              </Dialog.Close>
              <button
                type="submit"
                disabled={change.isPending}
                aria-busy={change.isPending || undefined}
                className={buttonClasses()}
              >
                {change.isPending ? <Spinner /> : null}
                {change.isPending ? m.submitting : m.submit}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
