import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteAccountMessages as m } from '../../../../domain/messages/account';
import type { PremiumState } from '../../../../domain/premium.schemas';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog, destructiveClasses } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { apiRequest } from '../../../lib/api-client';
import { HttpError } from '../../../lib/http-error';
import { queryKeys } from '../../../lib/query-keys';
import { setSignedOut } from '../../../lib/session-store';
import { clearStorageExcept, storageKeys } from '../../../lib/storage';
import { useDeleteAccount } from '../api/account';

/**
 * /settings/delete-account (decision 027): the warning list, a confirmation that
 * asks for the password, cancel. On success the reader is signed out, local and session
 * storage cleared, and sent to / with history replaced.
 */
export function DeleteAccountScreen() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const premium = useQuery({
    queryKey: queryKeys.premiumMe,
    queryFn: () => apiRequest<PremiumState>('/api/premium/me'),
  });

  const submit = () => {
    if (!password) {
      setError(m.passwordRequired);
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast.success(m.deleted);
        clearStorageExcept([storageKeys.onboardingDone]);
        sessionStorage.clear();
        setSignedOut();
        navigate('/', { replace: true });
      },
      onError: (failure) => {
        if (failure instanceof HttpError && failure.status === 401) {
          setOpen(false);
          toast.error(m.sessionExpired);
        } else if (failure instanceof HttpError && failure.status < 500) {
          setError(failure.message);
        } else {
          toast.error(m.failed);
        }
      },
    });
  };

  return (
    <div className="mx-auto max-w-2xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="font-serif text-3xl font-semibold md:text-4xl">{m.title}</h1>
      <p className="mt-4 text-lg">{m.lead}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-ink-soft">
        {m.warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
      <p className="mt-4 text-ink-soft">{m.exportFirst}</p>
      {premium.data?.renewingSubscription ? (
        <div role="note" className="mt-6 rounded-2xl border border-accent/50 bg-paper p-5">
          <p className="font-medium">{m.subscriptionActive}</p>
          {premium.data.portalUrl ? (
            <a
              href={premium.data.portalUrl}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
            >
              {m.manageSubscription}
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => navigate(-1)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {m.cancel}
        </button>
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            setPassword('');
            setError(undefined);
            setOpen(next);
          }}
          trigger={
            <button type="button" className={buttonClasses({ className: destructiveClasses })}>
              {m.submit}
            </button>
          }
          title={m.confirmTitle}
          text={m.confirmText}
          cancelLabel={m.cancel}
          confirmLabel={m.confirm}
          pendingLabel={m.deleting}
          pending={remove.isPending}
          destructive
          onConfirm={submit}
        >
          <TextField
            label={m.passwordLabel}
            type="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
          />
        </ConfirmDialog>
      </div>
    </div>
  );
}
