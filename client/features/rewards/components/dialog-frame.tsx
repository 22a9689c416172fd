import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** The shared frame of the reward dialogs: overlay, a centred paper card, Escape to close. */
export function RewardDialogFrame(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-testid={props.testId}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-paper p-6 text-center shadow-2xl outline-none data-[state=open]:animate-pop-in sm:p-8"
        >
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
