import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';

/**
 * The frame of every validation modal (Radix Dialog: focus kept inside, Escape and a click
 * outside close it, title and description named for screen readers). While `busy` (a
 * request is on its way) it cannot be closed. Focus is not handed back on close: the flow
 * decides where it goes, since the next step's modal may be opening.
 */
export function FlowDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  busy?: boolean;
  /** A decorative icon above a centred title: the modals that celebrate. */
  icon?: ReactNode;
  testId: string;
  onClosed?: () => void;
  children: ReactNode;
}) {
  const { open, onOpenChange, title, description, busy = false, icon, testId, onClosed } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => busy || onOpenChange(next)}
      placement="lg"
      testId={testId}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onClosed?.();
      }}
      className={icon ? 'text-center' : undefined}
      icon={
        icon ? (
          <span
            aria-hidden="true"
            className="mx-auto mb-4 flex size-16 items-center justify-center rounded-full bg-accent text-paper shadow-lg ring-4 ring-accent-soft"
          >
            {icon}
          </span>
        ) : null
      }
      title={title}
      description={description}
    >
      {props.children}
    </Dialog>
  );
}
