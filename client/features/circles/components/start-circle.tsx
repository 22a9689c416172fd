import { Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { circleMessages as m } from '../../../../domain/messages/circles';
import { Spinner } from '../../../components/ui/spinner';
import { lazyChunk, useLazyChunk } from '../../../lib/lazy-chunk';

// The dialog (Radix Dialog) comes when the reader first opens it, or once the book page is idle.
const startDialogChunk = lazyChunk(() => import('./start-circle-dialog'));

/** Preloads the dialog's code (the book page does it once idle). */
export const loadStartCircleDialog = () => startDialogChunk.load();

/**
 * « Lancer un cercle » on the book page (docs/architecture.md#reading-circles): a button that
 * opens the form (busy while its code downloads); focus comes back to it on close.
 */
export function StartCircle(props: { book: { id: string; title: string } }) {
  const dialog = useLazyChunk(startDialogChunk);
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const openDialog = async () => {
    if (dialog.busy) return;
    if (!(await dialog.request())) return;
    setOpened((n) => n + 1);
    setOpen(true);
  };

  const StartCircleDialog = dialog.module?.StartCircleDialog;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        {...dialog.busyProps}
        onClick={() => void openDialog()}
        className="inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-semibold text-ink-soft underline underline-offset-4 hover:text-ink"
      >
        {dialog.busy ? <Spinner size={16} /> : <Users size={16} aria-hidden="true" />}
        {m.startCircle}
      </button>
      {StartCircleDialog && opened > 0 ? (
        <StartCircleDialog
          key={opened}
          open={open}
          onOpenChange={setOpen}
          book={props.book}
          onClosed={() => button.current?.focus()}
        />
      ) : null}
    </>
  );
}
