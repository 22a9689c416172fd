import { Flame } from 'lucide-react';
import { Link } from 'react-router';
import { fillPlural } from '../../../../domain/messages/fill';
import { friendsMessages as m } from '../../../../domain/messages/friends';
import { appPaths } from '../../../../domain/screen-paths';
import { formatNumber } from '../../../lib/format';
import { useReaderFriends } from '../api/friends';
import { ActionButton, FriendLink, InlineFailure, InlineLoading } from './friend-parts';

/**
 * 'Séries entre amis' on a profile (decision 055): the reader's friend streaks and their days,
 * the same for every viewer (a friend hidden from the viewer by a block is left out). The
 * owner is led to the achievements page, where they are answered and nudged.
 */
export function ProfileFriendStreaks({
  readerId,
  isOwner,
}: {
  readerId: string;
  isOwner: boolean;
}) {
  const query = useReaderFriends(readerId);
  return (
    <section aria-labelledby="profil-series-entre-amis" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id="profil-series-entre-amis" className="text-2xl font-semibold">
          {m.profileStreaksTitle}
        </h2>
        {isOwner ? (
          <Link
            to={`${appPaths.achievements}#series-entre-amis`}
            className="py-2 font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
          >
            {m.seeFriends}
          </Link>
        ) : null}
      </div>
      {query.data ? (
        query.data.streaks.length === 0 ? (
          <p className="mt-3 text-ink-soft">{m.profileStreaksEmpty}</p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {query.data.streaks.map((streak) => (
              <li
                key={streak.partner.id}
                data-profile-friend-streak={streak.partner.id}
                className="flex min-w-0 items-center justify-between gap-3 rounded-2xl border border-line bg-paper p-3 shadow-sm"
              >
                <FriendLink reader={streak.partner} />
                <span className="flex shrink-0 items-center gap-1 font-semibold tabular-nums">
                  <Flame size={18} className="text-accent" aria-hidden="true" />
                  {fillPlural(streak.current, m.streakDays, { n: formatNumber(streak.current) })}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : query.isError ? (
        <InlineFailure text={m.profileLoadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <InlineLoading text={m.loading} />
      )}
    </section>
  );
}

/**
 * On another reader's profile, beside follow and block: start a friend streak or answer one,
 * propose this week's friend quest or answer it, when the two follow each other.
 */
export function FriendActions({ readerId }: { readerId: string }) {
  const query = useReaderFriends(readerId);
  const mine = query.data?.withMe;
  if (!mine) return null;
  const { streak, quest } = mine;
  if (!mine.mutual && !streak && !quest) {
    return <p className="mt-3 text-sm text-ink-soft">{m.mutualHint}</p>;
  }
  return (
    <div className="mt-3 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
      {streak?.status === 'active' ? (
        <p className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-3 py-2 text-sm font-semibold">
          <Flame size={16} className="text-accent" aria-hidden="true" />
          {fillPlural(streak.current, m.streakWithYou, { n: formatNumber(streak.current) })}
        </p>
      ) : streak?.status === 'sent' ? (
        <p className="rounded-full bg-paper-deep px-3 py-2 text-sm">{m.streakInvited}</p>
      ) : streak?.status === 'received' ? (
        <ActionButton
          action={{ kind: 'accept-streak', id: streak.id }}
          label={m.acceptStreak}
          done={m.accepted}
          variant="primary"
        />
      ) : mine.mutual ? (
        <ActionButton
          action={{ kind: 'invite-streak', readerId }}
          label={m.startStreak}
          done={m.streakInvited}
        />
      ) : null}
      {quest?.status === 'sent' ? (
        <p className="rounded-full bg-paper-deep px-3 py-2 text-sm">{m.questInvited}</p>
      ) : quest?.status === 'received' ? (
        <ActionButton
          action={{ kind: 'accept-quest', id: quest.id }}
          label={m.acceptQuest}
          done={m.accepted}
        />
      ) : !quest && mine.mutual ? (
        <ActionButton
          action={{ kind: 'propose-quest', readerId }}
          label={m.startQuest}
          done={m.questInvited}
        />
      ) : null}
    </div>
  );
}
