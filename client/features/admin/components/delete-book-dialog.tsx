import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminBook } from '../../../../domain/admin-books.schemas';
import { adminBooksMessages as m } from '../../../../domain/messages/admin';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { bookUsage, useAdminBookWrites } from '../api/admin-books';
import { AdminDialog } from './admin-dialog';

/**
 * Delete with confirmation (decision 025): the dialog first asks the server whether readers
 * have the book; if so it says the book will only be unpublished, and the button says so.
 */
export function DeleteBookDialog(props: {
  book: AdminBook;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { book } = props;
  const writes = useAdminBookWrites();
  const usage = useQuery({
    queryKey: ['admin-books', 'usage', book.id],
    queryFn: () => bookUsage(book.id),
    enabled: props.open,
  });
  const readers = usage.data?.readers ?? 0;
  const confirm = async () => {
    try {
      const result = await writes.remove.mutateAsync(book.id);
      toast.success(result.outcome === 'deleted' ? m.deleted : m.unpublished);
      props.onOpenChange(false);
    } catch {
      toast.error(m.deleteError);
    }
  };
  return (
    <AdminDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={fill(m.deleteTitle, { title: book.title })}
      description={readers > 0 ? m.deleteInUseText : m.deleteText}
    >
      {readers > 0 ? (
        <p className="text-sm font-semibold">{fillPlural(readers, m.readersCount)}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={() => props.onOpenChange(false)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {m.cancel}
        </button>
        <button
          type="button"
          disabled={usage.isPending || writes.remove.isPending}
          onClick={confirm}
          className={buttonClasses()}
        >
          {readers > 0 ? m.unpublishConfirm : m.deleteConfirm}
        </button>
      </div>
    </AdminDialog>
  );
}
