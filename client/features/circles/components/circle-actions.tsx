import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { appPaths } from '../../../../domain/screen-paths';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HttpError } from '../../../lib/http-error';
import { useCloseCircle, useEmailReminders, useLeaveCircle } from '../api/circles';

/** My e-mail reminder in this circle: a checkbox, saved at once, said in a toast. */
export function EmailReminderSetting(props: { circleId: string; on: boolean }) {
  const save = useEmailReminders(props.circleId);
  return (
    <div className="mt-10 rounded-2xl border border-line px-4 py-3">
      <label className="flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          checked={props.on}
          disabled={save.isPending}
          aria-describedby="rappel-email-aide"
          onChange={(event) =>
            save.mutate(event.target.checked, {
              onSuccess: (res) => toast.success(res.message),
              onError: (error) =>
                toast.error(error instanceof HttpError ? error.message : m.loadFailed),
            })
          }
          className="mt-1 size-5 shrink-0 accent-[var(--color-accent)]"
        />
        <span className="font-medium">{m.emailReminders}</span>
      </label>
      <p id="rappel-email-aide" className="ml-8 text-sm text-ink-soft">
        {m.emailRemindersHint}
      </p>
    </div>
  );
}

/**
 * « Quitter le cercle » for a member, « Clore le cercle » for its creator (while open), each
 * after a confirmation. Leaving goes back to the reading list.
 */
export function CircleActions(props: { circleId: string; isCreator: boolean; closed: boolean }) {
  const navigate = useNavigate();
  const leave = useLeaveCircle(props.circleId);
  const close = useCloseCircle(props.circleId);
  const [open, setOpen] = useState(false);
  if (props.isCreator && props.closed) return null;
  const act = props.isCreator ? close : leave;
  const failed = (error: Error) => {
    toast.error(error instanceof HttpError ? error.message : m.loadFailed);
    setOpen(false);
  };
  const confirm = () =>
    act.mutate(undefined, {
      onSuccess: (res) => {
        toast.success(res.message);
        setOpen(false);
        if (!props.isCreator) navigate(appPaths.readingList);
      },
      onError: failed,
    });
  const label = props.isCreator ? m.close : m.leave;
  return (
    <div className="mt-10 border-t border-line pt-6">
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={props.isCreator ? m.closeTitle : m.leaveTitle}
        text={props.isCreator ? m.closeText : m.leaveText}
        confirmLabel={label}
        pendingLabel={m.confirming}
        cancelLabel={m.cancel}
        pending={act.isPending}
        destructive
        onConfirm={confirm}
        testId="circle-action-dialog"
      />
    </div>
  );
}
