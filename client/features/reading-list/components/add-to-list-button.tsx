import { Plus } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { catalogueMessages, listActionMessages as t } from '../../../../domain/messages/catalogue';
import { fill } from '../../../../domain/messages/fill';
import { signInPath } from '../../../../domain/return-path';
import {
  type ButtonSize,
  type ButtonVariant,
  buttonClasses,
} from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { useSession } from '../../../lib/use-session';
import { useAddToList } from '../api/add-to-list';

/**
 * What a failed add says (docs/architecture.md#reading-status-and-progress): already there is news,
 * not an error.
 */
export function reportAddFailure(error: unknown, title: string): void {
  if (!(error instanceof HttpError)) {
    toast.error(fill(catalogueMessages.addFailed, { title }));
  } else if (error.code === 'ALREADY_EXISTS' || error.status === 409) {
    toast.info(error.message);
  } else if (error.status === 401) {
    toast.error(catalogueMessages.addAuthRequired);
  } else {
    toast.error(fill(t.addOther, { message: error.message }));
  }
}

/**
 * 'Ajouter à ma liste': adds the book as 'À lire' and says so. A visitor is told to sign in
 * (with a way to, coming back here once signed in), without a request.
 */
export function AddToListButton(props: {
  book: { id: string; title: string };
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Id of the element naming the book, for screen readers (cards show many such buttons). */
  describedBy?: string;
  /** The '+' before the label (left out where space is short). */
  icon?: boolean;
}) {
  const { book, variant = 'primary', size = 'sm', className, describedBy, icon = true } = props;
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const add = useAddToList();

  function onClick() {
    if (session.status !== 'signed-in') {
      toast.error(catalogueMessages.addAuthRequired, {
        action: { label: t.signIn, onClick: () => navigate(signInPath(location)) },
      });
      return;
    }
    // mutateAsync: once added, the card swaps this button for 'Retirer'; the toast still shows.
    add.mutateAsync({ bookId: book.id }).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => reportAddFailure(error, book.title),
    );
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={add.isPending || session.status === 'loading'}
      aria-busy={add.isPending || undefined}
      aria-describedby={describedBy}
      className={buttonClasses({ variant, size, className })}
    >
      {add.isPending ? <Spinner /> : icon ? <Plus size={18} aria-hidden="true" /> : null}
      {add.isPending ? t.adding : t.addToList}
    </button>
  );
}
