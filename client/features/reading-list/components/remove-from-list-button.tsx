import { useState } from 'react';
import { listActionMessages as t } from '../../../../domain/messages/catalogue';
import {
  type ButtonSize,
  type ButtonVariant,
  buttonClasses,
} from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { lazyChunk, preloadChunk, useLazyChunk } from '../../../lib/lazy-chunk';

export type RemoveButtonProps = {
  book: { id: string; title: string };
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  describedBy?: string;
};

// The confirmation (Radix Dialog) is downloaded when a reader is about to use it: a book page
// and the reading list show this button, and start faster without the dialog's code.
const dialogChunk = lazyChunk(() => import('./remove-from-list-dialog'));
const preload = () => preloadChunk(dialogChunk);

/**
 * 'Retirer': after a confirmation saying the progress on the book will be erased, removes it
 * from the reader's list. While the confirmation's code downloads, the button is busy.
 */
export function RemoveFromListButton(props: RemoveButtonProps) {
  const { variant = 'ghost', size = 'sm', className, describedBy } = props;
  const [requested, setRequested] = useState(false);
  const dialog = useLazyChunk(dialogChunk);
  const buttonClassName = buttonClasses({ variant, size, className });
  const Loaded = requested ? dialog.module?.RemoveFromListDialog : undefined;
  if (Loaded) return <Loaded {...props} buttonClassName={buttonClassName} />;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-describedby={describedBy}
      {...dialog.busyProps}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        if (dialog.busy) return;
        setRequested(true);
        void dialog.request();
      }}
      className={buttonClassName}
    >
      {dialog.busy ? <Spinner size={16} /> : null}
      {t.remove}
    </button>
  );
}
