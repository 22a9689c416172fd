import { Heart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '../../../../domain/accounts';
import { bookPath, bookTitle } from '../../../../domain/book-display';
import type { Activity } from '../../../../domain/community.schemas';
import { communityMessages as c } from '../../../../domain/messages/community';
import { profilePath } from '../../../../domain/screen-paths';
import { Avatar } from '../../../components/ui/avatar';
import { RewardIcon } from '../../../components/ui/reward-icon';
import { formatFrenchDate, formatRelativeDate } from '../../../lib/format';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useDoubleTap } from '../hooks/use-double-tap';
import { BookyButton, bookyCount } from './booky-button';

const linkClasses =
  'font-semibold text-ink underline decoration-ink/20 underline-offset-4 hover:text-accent hover:decoration-accent';

/**
 * '… « {title} »' split around its placeholder, so the title can be a link; the guillemets
 * keep their title on the same line (no-break spaces, as French typography has them).
 */
function around(template: string, key: string): [string, string] {
  const [before = '', after = ''] = template.split(`{${key}}`);
  return [before.replace(/« $/, '«\u00a0'), after.replace(/^ »/, '\u00a0»')];
}

/**
 * One line of the feed: who, what (a finished book, linking to it, or a badge), when, and
 * for a finished book its Bookys. A double tap on the card gives a Booky (never takes it
 * back), the button beside the count gives or takes it back; neither on one's own activity.
 */
export function ActivityItem(props: {
  activity: Activity;
  onBooky: (activityId: string, like: boolean) => void;
}) {
  const { activity, onBooky } = props;
  const canBooky = activity.kind === 'finished' && !activity.mine;
  const reduced = useReducedMotion();
  const [bursts, setBursts] = useState(0);
  const onPointerUp = useDoubleTap(() => {
    if (!activity.likedByMe) onBooky(activity.id, true);
    if (!reduced) setBursts((n) => n + 1);
  }, canBooky);
  const name = displayName(activity.actor);

  return (
    <article
      onPointerUp={onPointerUp}
      data-activity={activity.id}
      className={`relative flex gap-3 rounded-2xl border border-line bg-paper p-4 shadow-sm ${canBooky ? 'touch-manipulation select-none' : ''}`}
    >
      <Avatar name={name} src={activity.actor.avatarUrl} />
      <div className="min-w-0 flex-1">
        <p className="leading-snug [overflow-wrap:anywhere]">
          <Link to={profilePath(activity.actor.id)} className={linkClasses}>
            {name}
          </Link>{' '}
          <ActivityText activity={activity} />
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
          <time dateTime={activity.at} title={formatFrenchDate(activity.at)}>
            {formatRelativeDate(activity.at)}
          </time>
          {activity.source === 'community' ? (
            <span className="rounded-full bg-paper-deep px-2 py-0.5 text-xs font-semibold text-ink">
              {c.communityActivity}
            </span>
          ) : null}
        </p>
        {activity.kind === 'finished' ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-sm font-semibold tabular-nums" data-bookys={activity.likes}>
              {bookyCount(activity.likes)}
            </span>
            {canBooky ? (
              <BookyButton
                liked={activity.likedByMe}
                onToggle={() => onBooky(activity.id, !activity.likedByMe)}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {bursts > 0 ? <BookyBurst key={bursts} onDone={() => setBursts(0)} /> : null}
    </article>
  );
}

function ActivityText({ activity }: { activity: Activity }) {
  if (activity.kind === 'finished' && activity.book) {
    const [before, after] = around(c.activityFinished, 'title');
    return (
      <>
        {before}
        <Link to={bookPath(activity.book.slug)} className={linkClasses}>
          {bookTitle(activity.book.title)}
        </Link>
        {after}
      </>
    );
  }
  if (activity.kind === 'badge' && activity.badge) {
    const [before, after] = around(c.activityBadge, 'name');
    return (
      <>
        {before}
        <span className="inline-flex items-baseline gap-1 font-semibold">
          <RewardIcon
            name={activity.badge.icon}
            size={16}
            className="self-center text-accent-strong"
          />
          {activity.badge.name}
        </span>
        {after}
      </>
    );
  }
  return null;
}

/** A heart that swells then fades over the card after a double tap (none with reduced motion). */
function BookyBurst({ onDone }: { onDone: () => void }) {
  const ref = useRef<HTMLSpanElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const animation = ref.current?.animate?.(
      [
        { opacity: 0, transform: 'scale(0.4)' },
        { opacity: 1, transform: 'scale(1.15)', offset: 0.35 },
        { opacity: 1, transform: 'scale(1)', offset: 0.6 },
        { opacity: 0, transform: 'scale(1.05)' },
      ],
      { duration: 800, easing: 'ease-out' },
    );
    if (!animation) return done.current();
    animation.onfinish = () => done.current();
    return () => animation.cancel();
  }, []);
  return (
    <span
      ref={ref}
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 flex items-center justify-center text-accent opacity-0"
    >
      <Heart size={64} className="fill-current drop-shadow" />
    </span>
  );
}
