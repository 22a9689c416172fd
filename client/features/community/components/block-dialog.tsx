import * as Dialog from '@radix-ui/react-dialog';
import { communityMessages as c } from '../../../../domain/messages/community';
import { buttonClasses } from '../../../components/ui/button-styles';

/** 'Bloquer ce lecteur ?': what a block does, then 'Annuler' (focused first) or 'Bloquer'. */
export function BlockDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in sm:p-8">
          <Dialog.Title className="font-serif text-2xl font-semibold">
            {c.blockConfirmTitle}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-ink-soft">
            {c.blockConfirmText}
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              {/* Radix focuses the first button: the harmless choice. */}
              <button type="button" className={buttonClasses({ variant: 'secondary' })}>
                {c.cancel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              onClick={() => {
                props.onOpenChange(false);
                props.onConfirm();
              }}
              className={buttonClasses()}
            >
              {c.block}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
