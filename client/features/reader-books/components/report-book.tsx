import { Flag } from 'lucide-react';
import { useRef, useState } from 'react';
import { readerBooksMessages as m } from '../../../../domain/messages/reader-books';
import { Spinner } from '../../../components/ui/spinner';
import { lazyChunk, useLazyChunk } from '../../../lib/lazy-chunk';

// The dialog (Radix Dialog) comes when the reader first opens it, or once the book page is idle.
const reportDialogChunk = lazyChunk(() => import('./report-book-dialog'));

/** Preloads the dialog's code (the book page does it once idle). */
export const loadReportBookDialog = () => reportDialogChunk.load();

/**
 * « Signaler ce livre » on the book page (decision 048): a discreet link-style button that
 * opens the report's dialog (busy while its code downloads); focus comes back to it on close.
 */
export function ReportBook(props: { book: { id: string; title: string } }) {
  const dialog = useLazyChunk(reportDialogChunk);
  // Each opening is a fresh form.
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const openDialog = async () => {
    if (dialog.busy) return;
    if (!(await dialog.request())) return;
    setOpened((n) => n + 1);
    setOpen(true);
  };

  const ReportBookDialog = dialog.module?.ReportBookDialog;
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
        {dialog.busy ? <Spinner size={16} /> : <Flag size={16} aria-hidden="true" />}
        {m.report}
      </button>
      {ReportBookDialog && opened > 0 ? (
        <ReportBookDialog
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
