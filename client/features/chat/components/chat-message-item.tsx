import { Flag, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ChatMessage } from '../../../../domain/chat.schemas';
import { chatMessages as m } from '../../../../domain/messages/chat';
import { profilePath } from '../../../../domain/screen-paths';
import { Avatar } from '../../../components/ui/avatar';
import { messageFullTime, messageTime } from '../../../lib/message-time';

const actionClasses =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink-soft hover:bg-paper-deep hover:text-ink';

/**
 * One message: the author's photo and name (to their profile), the time, the text as text
 * (never HTML: React escapes it; line breaks kept), and 'Supprimer' on one's own (or, for
 * an administrator, on any) or 'Signaler' on the others'.
 */
export function ChatMessageItem(props: {
  message: ChatMessage;
  canDelete: boolean;
  onDelete: (message: ChatMessage) => void;
  onReport: (message: ChatMessage) => void;
}) {
  const { message } = props;
  const name = message.author.name;
  return (
    <li
      className={`flex gap-3 rounded-2xl px-3 py-3 sm:px-4 ${message.mine ? 'bg-accent-soft/60' : ''}`}
      aria-label={name}
    >
      <Avatar name={name} src={message.author.avatar} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to={profilePath(message.author.id)}
            className="truncate font-semibold text-ink underline decoration-ink/20 underline-offset-4 hover:text-accent hover:decoration-accent"
          >
            {name}
          </Link>
          <time
            dateTime={message.createdAt}
            title={messageFullTime(message.createdAt)}
            className="text-sm text-ink-soft"
          >
            {messageTime(message.createdAt)}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.content}</p>
        <div className="mt-1 -ml-3 flex gap-1">
          {props.canDelete ? (
            <button type="button" className={actionClasses} onClick={() => props.onDelete(message)}>
              <Trash2 size={16} aria-hidden="true" />
              {m.delete}
            </button>
          ) : null}
          {message.mine ? null : (
            <button type="button" className={actionClasses} onClick={() => props.onReport(message)}>
              <Flag size={16} aria-hidden="true" />
              {m.report}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
