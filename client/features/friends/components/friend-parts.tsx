import { Link } from 'react-router';
import { toast } from 'sonner';
import { displayName } from '../../../../domain/accounts';
import type { ReaderSummary } from '../../../../domain/community.schemas';
import { friendsMessages as m } from '../../../../domain/messages/friends';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { type FriendAction, useFriendAction } from '../api/friends';

/** A friend's photo and name, linking to their profile. */
export function FriendLink({ reader }: { reader: ReaderSummary }) {
  const name = displayName(reader);
  return (
    <Link
      to={`/profile/${reader.id}`}
      className="inline-flex min-w-0 items-center gap-2 font-semibold hover:text-accent hover:underline"
    >
      <Avatar name={name} src={reader.avatarUrl} />
      <span className="truncate">{name}</span>
    </Link>
  );
}

/** A refused or failed write: 'Erreur', with the server's French reason when it gave one. */
export function actionFailed(error: unknown): void {
  const reason = error instanceof HttpError && error.status < 500 ? error.message : undefined;
  toast.error(m.actionFailed, reason ? { description: reason } : undefined);
}

/**
 * A button that sends one friends write, says `done` in a toast once the server agreed, and
 * the server's refusal otherwise. While it is on its way it waits (aria-busy).
 */
export function ActionButton(props: {
  action: FriendAction;
  label: string;
  done: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  accessibleName?: string;
}) {
  const send = useFriendAction();
  return (
    <button
      type="button"
      aria-label={props.accessibleName}
      aria-busy={send.isPending || undefined}
      disabled={send.isPending}
      onClick={() =>
        send.mutate(props.action, {
          onSuccess: () => toast.success(props.done),
          onError: actionFailed,
        })
      }
      className={buttonClasses({ variant: props.variant ?? 'secondary', size: 'sm' })}
    >
      {send.isPending ? <Spinner size={16} /> : null}
      {props.label}
    </button>
  );
}

/** A part of a page that is loading: a small spinner and its words, announced politely. */
export function InlineLoading({ text }: { text: string }) {
  return (
    <p role="status" className="mt-4 flex items-center gap-2 text-ink-soft">
      <Spinner size={18} className="text-accent" />
      {text}
    </p>
  );
}

/** A part of a page that failed to load, and 'Réessayer'. */
export function InlineFailure(props: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-line bg-paper-deep/60 p-4">
      <p className="font-semibold">{props.text}</p>
      <button
        type="button"
        onClick={props.onRetry}
        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
      >
        {m.retry}
      </button>
    </div>
  );
}
