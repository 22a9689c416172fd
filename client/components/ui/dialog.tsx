import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';

// Radix Dialog is a sizeable download: import this file only from code that is itself loaded
// on demand (client/lib/lazy-chunk.ts) or from a page that is not the first one most readers open.

/** The parts a dialog's own content uses: Close closes it, Title and Description name it. */
export const DialogClose = RadixDialog.Close;
export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;

const centred =
  'fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-paper p-6 shadow-2xl outline-none data-[state=open]:animate-pop-in sm:p-8';

const placements = {
  md: `${centred} max-w-md`,
  lg: `${centred} max-w-lg`,
  /** The slide-out menu of narrow screens. */
  left: 'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,86vw)] flex-col overflow-y-auto bg-paper shadow-2xl outline-none data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left',
};

export type DialogFrameProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (rendered as is: Radix adds aria-haspopup and aria-expanded). */
  trigger?: ReactElement;
  placement?: keyof typeof placements;
  /** More classes for the content (text-center…). */
  className?: string;
  testId?: string;
  /** False when the content has no Description: no dangling aria-describedby (nor Radix warning). */
  described?: boolean;
  /** Where focus goes on close; by default back to the trigger, if any (Radix). */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
};

/**
 * A modal frame (Radix Dialog: focus kept inside and handed back on close, Escape and a click
 * outside close it): the overlay and the content's box. Most dialogs want `Dialog` below.
 */
export function DialogFrame(props: DialogFrameProps) {
  const { placement = 'md', described = true } = props;
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <RadixDialog.Trigger asChild>{props.trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          data-testid={props.testId}
          {...(described ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={props.onCloseAutoFocus}
          className={
            props.className ? `${placements[placement]} ${props.className}` : placements[placement]
          }
        >
          {props.children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export type DialogProps = Omit<DialogFrameProps, 'described'> & {
  title: ReactNode;
  /** What the dialog is for, read after its name; text, or blocks of its own. */
  description?: ReactNode;
  /** A decoration above the title (a medal, an icon); it carries its own margin below. */
  icon?: ReactNode;
  /** The accessible name of a ✕ button beside the title; none without it. */
  closeLabel?: string;
};

const titleClasses = 'font-serif text-2xl font-semibold text-balance';

/** A centred dialog: optional icon, title (with ✕ if asked), optional description, content. */
export function Dialog(props: DialogProps) {
  const { title, description, icon, closeLabel, children, ...frame } = props;
  return (
    <DialogFrame {...frame} described={Boolean(description)}>
      {icon}
      {closeLabel ? (
        <div className="flex items-start justify-between gap-4">
          <DialogTitle className={titleClasses}>{title}</DialogTitle>
          <DialogClose
            aria-label={closeLabel}
            className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-paper-deep"
          >
            <X size={22} aria-hidden="true" />
          </DialogClose>
        </div>
      ) : (
        <DialogTitle className={titleClasses}>{title}</DialogTitle>
      )}
      {!description ? null : typeof description === 'string' ? (
        <DialogDescription className="mt-2 text-ink-soft">{description}</DialogDescription>
      ) : (
        // Blocks (paragraphs, a list) cannot sit inside the default <p>.
        <DialogDescription asChild>
          <div className="mt-2 text-ink-soft">{description}</div>
        </DialogDescription>
      )}
      {children}
    </DialogFrame>
  );
}
