import { useState } from 'react';
import { toast } from 'sonner';
import { fill } from '../../../../domain/messages/fill';
import { friendsMessages as m } from '../../../../domain/messages/friends';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFriendAction } from '../api/friends';
import { actionFailed } from './friend-parts';

/** 'Arrêter la série', after a confirmation: the days read together are lost for both. */
export function EndStreakButton({ id, name }: { id: string; name: string }) {
  const [open, setOpen] = useState(false);
  const send = useFriendAction();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          {m.end}
        </button>
      }
      title={fill(m.endTitle, { name })}
      text={fill(m.endBody, { name })}
      confirmLabel={m.endConfirm}
      cancelLabel={m.cancel}
      destructive
      pending={send.isPending}
      onConfirm={() =>
        send.mutate(
          { kind: 'remove-streak', id },
          {
            onSuccess: () => {
              setOpen(false);
              toast.success(m.ended);
            },
            onError: (error) => {
              setOpen(false);
              actionFailed(error);
            },
          },
        )
      }
    />
  );
}
