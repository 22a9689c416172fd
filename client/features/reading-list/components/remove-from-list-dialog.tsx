import { useState } from 'react';
import { toast } from 'sonner';
import { catalogueMessages, listActionMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HttpError } from '../../../lib/http-error';
import { useRemoveFromList } from '../api/remove-from-list';
import type { RemoveButtonProps } from './remove-from-list-button';

/**
 * 'Retirer' with its confirmation saying the progress on the book will be erased, mounted open
 * by RemoveFromListButton (which loads it when the reader first presses the button).
 */
export function RemoveFromListDialog(props: RemoveButtonProps & { buttonClassName: string }) {
  const { book, buttonClassName, describedBy } = props;
  const [open, setOpen] = useState(true);
  const remove = useRemoveFromList();

  // mutateAsync: the toast must show even when the refreshed list has unmounted this button.
  function confirm() {
    remove.mutateAsync(book.id).then(
      (answer) => {
        setOpen(false);
        toast.success(answer.message);
      },
      (error: unknown) =>
        toast.error(
          error instanceof HttpError
            ? error.message
            : fill(catalogueMessages.removeFailed, { title: book.title }),
        ),
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" aria-describedby={describedBy} className={buttonClassName}>
          {t.remove}
        </button>
      }
      title={fill(t.removeTitle, { title: book.title })}
      text={t.removeText}
      cancelLabel={t.cancel}
      confirmLabel={t.confirmRemove}
      pendingLabel={t.removing}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
