import { useState } from 'react';
import { toast } from 'sonner';
import { passwordChangeBodySchema } from '../../../../domain/account.schemas';
import { passwordChangeMessages as m } from '../../../../domain/messages/account';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/http-error';
import { useChangePassword } from '../api/account';

const empty = { currentPassword: '', password: '', confirmation: '' };

/**
 * 'Changer le mot de passe' (docs/architecture.md#accounts): current password, then the new one.
 */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(empty);
  const [error, setError] = useState<string>();
  const change = useChangePassword();
  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = () => {
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
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setFields(empty);
        setError(undefined);
        setOpen(next);
      }}
      trigger={
        <button type="button" className={buttonClasses({ variant: 'secondary' })}>
          {m.title}
        </button>
      }
      title={m.title}
      text={m.lead}
      cancelLabel={m.cancel}
      confirmLabel={m.submit}
      pendingLabel={m.submitting}
      pending={change.isPending}
      onConfirm={submit}
    >
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
    </ConfirmDialog>
  );
}
