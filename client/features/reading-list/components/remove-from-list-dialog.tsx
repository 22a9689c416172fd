import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { catalogueMessages, listActionMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
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
    <Dialog.Root open={open} onOpenChange={(next) => remove.isPending || setOpen(next)}>
      <Dialog.Trigger aria-describedby={describedBy} className={buttonClassName}>
        {t.remove}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in sm:p-8">
          <Dialog.Title className="font-serif text-2xl font-semibold">
            {fill(t.removeTitle, { title: book.title })}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-ink-soft">{t.removeText}</Dialog.Description>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close
              disabled={remove.isPending}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {t.cancel}
            </Dialog.Close>
            <button
              type="button"
              onClick={confirm}
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              className={buttonClasses()}
            >
              {remove.isPending ? <Spinner /> : null}
              {remove.isPending ? t.removing : t.confirmRemove}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
