import { Flame, Snowflake, Trophy, Users } from 'lucide-react';
import { displayName } from '../../../../domain/accounts';
import type { FriendStreak, FriendsOverview } from '../../../../domain/friends.schemas';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { friendsMessages as m } from '../../../../domain/messages/friends';
import { formatNumber } from '../../../lib/format';
import { useFriendsOverview } from '../api/friends';
import { EndStreakButton } from './end-streak-button';
import { ActionButton, FriendLink, InlineFailure, InlineLoading } from './friend-parts';
import { FriendQuestCard } from './friend-quest-card';
import { Invitations } from './invitations';

/**
 * 'Séries entre amis' on the achievements page (decision 055): invitations to answer, each
 * friend streak with its days, freezes, who read today and « Relancer », the invitations sent,
 * and this week's friend quest. It loads, fails and retries on its own.
 */
export function FriendsSection() {
  const query = useFriendsOverview();
  return (
    <section
      id="series-entre-amis"
      aria-labelledby="series-entre-amis-titre"
      className="mt-12 scroll-mt-24 md:mt-16"
    >
      <h2
        id="series-entre-amis-titre"
        className="text-2xl font-semibold tracking-tight md:text-3xl"
      >
        {m.streaksTitle}
      </h2>
      <p className="mt-3 max-w-3xl text-ink-soft">{m.streaksIntro}</p>
      {query.data ? (
        <FriendsBody data={query.data} />
      ) : query.isError ? (
        <InlineFailure text={m.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <InlineLoading text={m.loading} />
      )}
    </section>
  );
}

function FriendsBody({ data }: { data: FriendsOverview }) {
  const left = Math.max(0, data.maxStreaks - data.used);
  return (
    <div className="mt-5 space-y-8">
      {data.received.length > 0 ? (
        <Invitations
          title={m.invitationsReceived}
          items={data.received}
          text={m.invitedYouStreak}
          kind="received"
        />
      ) : null}
      {data.streaks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-5 text-ink-soft">
          {m.streaksEmpty}
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={m.streaksTitle}>
          {data.streaks.map((streak) => (
            <StreakCard key={streak.id} streak={streak} />
          ))}
        </ul>
      )}
      {data.sent.length > 0 ? (
        <Invitations
          title={m.invitationsSent}
          items={data.sent}
          text={m.youInvitedStreak}
          kind="sent"
        />
      ) : null}
      <p className="text-sm text-ink-soft">
        {fillPlural(left, m.slotsLeft, { n: left, max: data.maxStreaks })}
      </p>
      {data.streaks.length > 0 ? (
        <p className="flex items-start gap-2 text-sm text-ink-soft">
          <Snowflake size={18} className="mt-0.5 shrink-0 text-accent-strong" aria-hidden="true" />
          {m.freezesHint}
        </p>
      ) : null}
      <FriendQuestCard quest={data.quest} />
    </div>
  );
}

function StreakCard({ streak }: { streak: FriendStreak }) {
  const name = displayName(streak.partner);
  const today = streak.meReadToday
    ? streak.partnerReadToday
      ? m.bothRead
      : m.youRead
    : streak.partnerReadToday
      ? m.theyRead
      : m.nobodyRead;
  return (
    <li
      data-friend-streak={streak.partner.id}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-paper p-4 shadow-sm"
    >
      <div className="flex min-w-0 items-center justify-between gap-3">
        <FriendLink reader={streak.partner} />
        <p className="flex shrink-0 items-center gap-1.5 font-serif text-2xl font-semibold tabular-nums">
          <Flame size={22} className="text-accent" aria-hidden="true" />
          {fillPlural(streak.current, m.streakDays, { n: formatNumber(streak.current) })}
        </p>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
        <span className="inline-flex items-center gap-1">
          <Trophy size={16} aria-hidden="true" />
          {fillPlural(streak.best, m.streakBest, { n: formatNumber(streak.best) })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Snowflake size={16} aria-hidden="true" />
          {fillPlural(streak.freezes, m.streakFreezes, { n: streak.freezes })}
        </span>
      </p>
      <p className="flex items-center gap-2 text-sm">
        <Users size={16} className="shrink-0 text-accent-strong" aria-hidden="true" />
        {fill(today, { name })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {streak.canNudge ? (
          <ActionButton
            action={{ kind: 'nudge', id: streak.id }}
            label={fill(m.nudge, { name })}
            done={fill(m.nudgeSent, { name })}
            variant="primary"
          />
        ) : streak.nudgedToday ? (
          <p className="text-sm text-ink-soft">{fill(m.nudged, { name })}</p>
        ) : null}
        <EndStreakButton id={streak.id} name={name} />
      </div>
    </li>
  );
}
