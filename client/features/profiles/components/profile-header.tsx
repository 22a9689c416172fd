import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { communityMessages as c } from '../../../../domain/messages/community';
import { fill } from '../../../../domain/messages/fill';
import { followListPath } from '../../../../domain/screen-paths';
import { Avatar } from '../../../components/ui/avatar';
import { formatNumber } from '../../../lib/format';

const countLinkClasses =
  'inline-flex min-h-11 items-center font-semibold text-ink underline decoration-ink/25 underline-offset-4 hover:decoration-accent';

/**
 * Avatar, display name, the owner's own e-mail, and the 'Abonnés (n)' and 'Abonnements (n)'
 * links (docs/architecture.md#profiles); `children` holds the owner's or the visitor's actions.
 */
export function ProfileHeader(props: {
  id: string;
  name: string;
  avatarUrl: string | null;
  email: string | null;
  counts: { followers: number; following: number };
  children?: ReactNode;
}) {
  const { id, counts } = props;
  return (
    <header className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
      <Avatar name={props.name} src={props.avatarUrl} size="lg" />
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-semibold tracking-tight [overflow-wrap:anywhere] md:text-4xl">
          {props.name}
        </h1>
        {props.email ? <p className="mt-1 break-all text-ink-soft">{props.email}</p> : null}
        <p className="mt-2 flex flex-wrap justify-center gap-x-6 sm:justify-start">
          <Link to={followListPath('followers', id)} className={countLinkClasses}>
            {fill(c.followersCount, { count: formatNumber(counts.followers) })}
          </Link>
          <Link to={followListPath('following', id)} className={countLinkClasses}>
            {fill(c.followingCount, { count: formatNumber(counts.following) })}
          </Link>
        </p>
        {props.children}
      </div>
    </header>
  );
}
