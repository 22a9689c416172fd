import { BellRing, Check } from 'lucide-react';
import { Link } from 'react-router';
import { notificationMessages as m } from '../../../../domain/messages/notifications';
import type { Notification } from '../../../../domain/notifications.schemas';
import { Avatar } from '../../../components/ui/avatar';
import { formatRelativeDate } from '../../../lib/format';
import { actorName, notificationAction, notificationText } from '../notification-text';

/** One line of the popover: who, what, when, its action and its mark-as-read button. */
export function NotificationItem(props: {
  notification: Notification;
  onMarkRead: (id: string) => void;
  onNavigate: () => void;
}) {
  const { notification: n, onMarkRead, onNavigate } = props;
  const unread = n.readAt === null;
  const action = notificationAction(n);
  return (
    <li
      className={`flex gap-3 border-b border-line px-4 py-3 last:border-b-0 ${unread ? 'bg-accent-soft/60' : ''}`}
    >
      {n.actor ? (
        <Avatar name={actorName(n)} src={n.actor.avatarUrl} />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-paper-deep text-accent"
        >
          <BellRing size={18} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p
          className={`text-sm [overflow-wrap:anywhere] ${unread ? 'font-semibold text-ink' : 'text-ink-soft'}`}
        >
          {unread ? <span className="sr-only">{m.unreadPrefix}</span> : null}
          {notificationText(n)}
        </p>
        <p className="mt-0.5 text-xs text-ink-soft">
          <time dateTime={n.createdAt}>{formatRelativeDate(n.createdAt)}</time>
        </p>
        {action ? (
          <Link
            to={action.to}
            onClick={onNavigate}
            className="mt-1 inline-flex min-h-8 items-center text-sm font-medium text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
          >
            {action.label}
          </Link>
        ) : null}
      </div>
      {unread ? (
        <button
          type="button"
          onClick={() => onMarkRead(n.id)}
          aria-label={m.markRead}
          title={m.markRead}
          className="inline-flex size-9 shrink-0 items-center justify-center self-start rounded-full text-ink-soft hover:bg-paper-deep hover:text-accent-strong"
        >
          <Check size={18} aria-hidden="true" />
        </button>
      ) : null}
    </li>
  );
}
