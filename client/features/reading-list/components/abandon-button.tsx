import { toast } from 'sonner';
import { abandonMessages as t } from '../../../../domain/messages/insights';
import { buttonClasses } from '../../../components/ui/button-styles';
import { HttpError } from '../../../lib/http-error';
import { useSetAbandoned } from '../api/set-abandoned';

/** 'Abandonner' (to the 'Abandonné' shelf) or, on that shelf, 'Reprendre'. */
export function AbandonButton(props: { bookId: string; abandoned: boolean; describedBy: string }) {
  const mutation = useSetAbandoned();
  const run = () =>
    mutation.mutateAsync({ bookId: props.bookId, abandoned: !props.abandoned }).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => toast.error(error instanceof HttpError ? error.message : t.notInList),
    );
  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={mutation.isPending}
      aria-describedby={props.describedBy}
      className={buttonClasses({ variant: 'ghost', size: 'sm' })}
    >
      {props.abandoned ? t.resume : t.abandon}
    </button>
  );
}
