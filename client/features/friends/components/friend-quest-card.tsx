import { Target } from 'lucide-react';
import { displayName } from '../../../../domain/accounts';
import type { FriendsOverview } from '../../../../domain/friends.schemas';
import { fill } from '../../../../domain/messages/fill';
import { friendsMessages as m } from '../../../../domain/messages/friends';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { FriendLink } from './friend-parts';
import { Invitations } from './invitations';

/**
 * 'Quête entre amis de la semaine': the quest under way with its progress (segments of both
 * since it started, to Sunday night), or the proposals to answer or sent, or how to start one.
 */
export function FriendQuestCard({ quest }: { quest: FriendsOverview['quest'] }) {
  const { active } = quest;
  return (
    <section
      id="quete-entre-amis"
      aria-labelledby="quete-entre-amis-titre"
      className="rounded-3xl border border-line bg-paper-deep/60 p-5 sm:p-6"
    >
      <h3 id="quete-entre-amis-titre" className="flex items-center gap-2 text-xl font-semibold">
        <Target size={22} className="shrink-0 text-accent" aria-hidden="true" />
        {m.questTitle}
      </h3>
      <p className="mt-2 text-sm text-ink-soft">
        {fill(m.questGoal, { target: quest.target, xp: quest.xp })}
      </p>
      {active ? (
        <div className="mt-4 space-y-3" data-friend-quest={active.id}>
          <p className="flex flex-wrap items-center gap-2">
            <span>{m.questPartner}</span>
            <FriendLink reader={active.partner} />
          </p>
          <ProgressBar
            percent={(active.done / active.target) * 100}
            label={m.questProgressLabel}
            size="md"
          />
          <p className="font-semibold tabular-nums">
            {fill(m.questProgress, { done: active.done, target: active.target })}
          </p>
          {active.completedAt ? (
            <p className="rounded-xl bg-accent-soft px-4 py-2 font-semibold text-ink" role="status">
              {fill(m.questDone, { xp: active.xp, name: displayName(active.partner) })}
            </p>
          ) : null}
        </div>
      ) : quest.received.length > 0 || quest.sent.length > 0 ? (
        <div className="mt-4 space-y-4">
          {quest.received.length > 0 ? (
            <Invitations
              title={m.invitationsReceived}
              items={quest.received}
              text={m.invitedYouQuest}
              kind="received"
              quest
            />
          ) : null}
          {quest.sent.length > 0 ? (
            <Invitations
              title={m.invitationsSent}
              items={quest.sent}
              text={m.youInvitedQuest}
              kind="sent"
              quest
            />
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-ink-soft">{m.questNone}</p>
      )}
    </section>
  );
}
