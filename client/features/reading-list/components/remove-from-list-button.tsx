import { lazy, Suspense, useState } from 'react';
import { listActionMessages as t } from '../../../../domain/messages/catalogue';
import {
  type ButtonSize,
  type ButtonVariant,
  buttonClasses,
} from '../../../components/ui/button-styles';

export type RemoveButtonProps = {
  book: { id: string; title: string };
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  describedBy?: string;
};

// The confirmation (Radix Dialog) is downloaded when a reader is about to use it: a book page
// and the reading list show this button, and start faster without the dialog's code.
const loadDialog = () => import('./remove-from-list-dialog');
const RemoveFromListDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.RemoveFromListDialog })),
);

/**
 * 'Retirer': after a confirmation saying the progress on the book will be erased, removes it
 * from the reader's list.
 */
export function RemoveFromListButton(props: RemoveButtonProps) {
  const { variant = 'ghost', size = 'sm', className, describedBy } = props;
  const [requested, setRequested] = useState(false);
  const buttonClassName = buttonClasses({ variant, size, className });
  const placeholder = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-describedby={describedBy}
      onPointerEnter={loadDialog}
      onFocus={loadDialog}
      onClick={() => setRequested(true)}
      className={buttonClassName}
    >
      {t.remove}
    </button>
  );
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RemoveFromListDialog {...props} buttonClassName={buttonClassName} />
    </Suspense>
  );
}
