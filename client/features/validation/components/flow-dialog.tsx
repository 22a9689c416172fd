import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

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
    <Dialog.Root open={open} onOpenChange={(next) => busy || onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-testid={testId}
          // Without a description, no dangling aria-describedby (and no Radix warning).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed?.();
          }}
          className={`fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-lg -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in sm:p-8 ${icon ? 'text-center' : ''}`}
        >
          {icon ? (
            <span
              aria-hidden="true"
              className="mx-auto mb-4 flex size-16 items-center justify-center rounded-full bg-accent text-paper shadow-lg ring-4 ring-accent-soft"
            >
              {icon}
            </span>
          ) : null}
          <Dialog.Title className="font-serif text-2xl font-semibold text-balance">
            {title}
          </Dialog.Title>
          {description ? (
            <Dialog.Description asChild>
              <div className="mt-2 text-ink-soft">{description}</div>
            </Dialog.Description>
          ) : null}
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
