import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** The back office's modal frame: title, optional description, content (Radix: focus, Esc). */
export function AdminDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={props.description ? undefined : undefined}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-lg -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in sm:p-8"
        >
          <Dialog.Title className="font-serif text-2xl font-semibold">{props.title}</Dialog.Title>
          {props.description ? (
            <Dialog.Description className="mt-3 text-ink-soft">
              {props.description}
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{props.title}</Dialog.Description>
          )}
          <div className="mt-5">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
