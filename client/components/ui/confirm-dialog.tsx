import type { ReactElement, ReactNode } from 'react';
import { buttonClasses } from './button-styles';
import { Dialog, DialogClose } from './dialog';
import { Spinner } from './spinner';

/** The red of an act that cannot be undone (deleting an account). */
export const destructiveClasses = 'bg-red-700 hover:bg-red-800';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactElement;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  /** The confirm button's words while `pending`. */
  pendingLabel?: string;
  cancelLabel: string;
  /** The act is on its way: both buttons wait, and the dialog cannot be closed. */
  pending?: boolean;
  destructive?: boolean;
  /** Called on 'confirm'; the dialog stays open: closing is the caller's choice. */
  onConfirm: () => void;
  /** Fields to fill first: the dialog becomes a form and 'confirm' submits it. */
  children?: ReactNode;
  /** The accessible name of a ✕ button beside the title; none without it. */
  closeLabel?: string;
  testId?: string;
};

/**
 * A question before an act: title, what it does, then cancel and confirm. Cancel comes first,
 * so Radix focuses it (or the first field of a form): a stray Enter does nothing harmful.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { pending = false, children } = props;
  const buttons = (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <DialogClose disabled={pending} className={buttonClasses({ variant: 'secondary' })}>
        {props.cancelLabel}
      </DialogClose>
      <button
        type={children ? 'submit' : 'button'}
        onClick={children ? undefined : props.onConfirm}
        disabled={pending}
        aria-busy={pending || undefined}
        className={buttonClasses(props.destructive ? { className: destructiveClasses } : {})}
      >
        {pending ? <Spinner /> : null}
        {pending ? (props.pendingLabel ?? props.confirmLabel) : props.confirmLabel}
      </button>
    </div>
  );
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => pending || props.onOpenChange(next)}
      trigger={props.trigger}
      closeLabel={props.closeLabel}
      testId={props.testId}
      title={props.title}
      description={props.text}
    >
      {children ? (
        <form
          noValidate
          className="mt-6"
          onSubmit={(event) => {
            event.preventDefault();
            // A form around the dialog (its portal is still inside it for React) must not submit.
            event.stopPropagation();
            props.onConfirm();
          }}
        >
          <div className="space-y-5">{children}</div>
          {buttons}
        </form>
      ) : (
        buttons
      )}
    </Dialog>
  );
}
