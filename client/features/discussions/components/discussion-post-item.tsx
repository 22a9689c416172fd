import { Flag, Heart, MessageSquareReply, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { DiscussionPost } from '../../../../domain/discussions.schemas';
import { discussionMessages as m } from '../../../../domain/messages/discussions';
import { fill } from '../../../../domain/messages/fill';
import { profilePath } from '../../../../domain/screen-paths';
import { Avatar } from '../../../components/ui/avatar';
import { formatNumber } from '../../../lib/format';
import { messageFullTime, messageTime } from '../../../lib/message-time';

const actionClasses =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink-soft hover:bg-paper-deep hover:text-ink aria-pressed:text-accent-strong';

export type PostActions = {
  isAdmin: boolean;
  onReply?: (post: DiscussionPost) => void;
  onBooky: (post: DiscussionPost) => void;
  onDelete: (post: DiscussionPost) => void;
  onReport: (post: DiscussionPost) => void;
};

/** '1 Booky', '3 Bookys' (French keeps 0 and 1 singular). */
const bookyCount = (count: number) =>
  fill(count > 1 ? m.bookyCountMany : m.bookyCount, { count: formatNumber(count) });

/**
 * One post or reply: the author's photo and name (to their profile), the time, the text as
 * text (never HTML; line breaks kept), then its Bookys, « Répondre » on a post, « Supprimer »
 * on one's own (an administrator's, any) and « Signaler » on the others'. A removed post kept
 * for its replies says only « Message supprimé ».
 */
export function DiscussionPostItem(props: { post: DiscussionPost; actions: PostActions }) {
  const { post, actions } = props;
  if (post.removed || !post.author || post.content === null) {
    return <p className="px-1 py-2 text-sm italic text-ink-soft">{m.removedPost}</p>;
  }
  const name = post.mine ? m.you : post.author.name;
  return (
    <article className="flex gap-3" aria-label={name}>
      <Avatar name={post.author.name} src={post.author.avatar} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to={profilePath(post.author.id)}
            className="truncate font-semibold text-ink underline decoration-ink/20 underline-offset-4 hover:text-accent hover:decoration-accent"
          >
            {post.author.name}
          </Link>
          <time
            dateTime={post.createdAt}
            title={messageFullTime(post.createdAt)}
            className="text-sm text-ink-soft"
          >
            {messageTime(post.createdAt)}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-wrap leading-relaxed [overflow-wrap:anywhere]">
          {post.content}
        </p>
        <div className="mt-1 -ml-3 flex flex-wrap gap-x-1">
          {post.mine ? (
            post.bookys > 0 ? (
              <span className="inline-flex min-h-10 items-center gap-1.5 px-3 text-sm text-ink-soft">
                <Heart size={16} aria-hidden="true" />
                {bookyCount(post.bookys)}
              </span>
            ) : null
          ) : (
            <button
              type="button"
              aria-pressed={post.bookedByMe}
              aria-label={fill(post.bookedByMe ? m.takeBooky : m.giveBooky, {
                name: post.author.name,
              })}
              className={actionClasses}
              onClick={() => actions.onBooky(post)}
            >
              <Heart
                size={16}
                aria-hidden="true"
                className={post.bookedByMe ? 'fill-current' : undefined}
              />
              {post.bookys > 0 ? bookyCount(post.bookys) : m.booky}
            </button>
          )}
          {actions.onReply ? (
            <button type="button" className={actionClasses} onClick={() => actions.onReply?.(post)}>
              <MessageSquareReply size={16} aria-hidden="true" />
              {m.reply}
            </button>
          ) : null}
          {post.mine || actions.isAdmin ? (
            <button type="button" className={actionClasses} onClick={() => actions.onDelete(post)}>
              <Trash2 size={16} aria-hidden="true" />
              {m.delete}
            </button>
          ) : null}
          {post.mine ? null : (
            <button type="button" className={actionClasses} onClick={() => actions.onReport(post)}>
              <Flag size={16} aria-hidden="true" />
              {m.report}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
