import { Check } from 'lucide-react';
import { fill } from '../../../../domain/messages/fill';
import { achievementsMessages as t } from '../../../../domain/messages/rewards';
import type { BadgeView, QuestView } from '../../../../domain/rewards.schemas';
import { RewardIcon } from '../../../components/ui/reward-icon';
import { formatFrenchDate } from '../../../lib/format';
import { RarityPill } from './rarity';
import { Section } from './section';

/** 'Collections & Exploits': every badge of the catalogue, then the four quests. */
export function CollectionsSection(props: { badges: BadgeView[]; quests: QuestView[] }) {
  return (
    <Section id="collections" title={t.sections.collections}>
      <h3 className="text-xl font-semibold">{t.badgesTitle}</h3>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {props.badges.map((badge) => (
          <BadgeCard key={badge.slug} badge={badge} />
        ))}
      </ul>
      <h3 className="mt-10 text-xl font-semibold">{t.questsTitle}</h3>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 sm:gap-4">
        {props.quests.map((quest) => (
          <QuestRow key={quest.slug} quest={quest} />
        ))}
      </ul>
    </Section>
  );
}

function BadgeCard({ badge }: { badge: BadgeView }) {
  const earned = badge.earnedAt !== null;
  return (
    <li
      data-badge={badge.slug}
      data-earned={earned}
      className={`flex flex-col rounded-2xl p-5 ${earned ? 'border border-line bg-paper shadow-sm' : 'border border-dashed border-ink/25'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={`flex size-14 shrink-0 items-center justify-center rounded-full ${earned ? 'text-paper' : 'bg-line text-ink-soft opacity-70'}`}
          style={earned ? { backgroundColor: badge.color } : undefined}
        >
          <RewardIcon name={badge.icon} size={28} />
        </span>
        <RarityPill rarity={badge.rarity} />
      </div>
      <h4
        className={`mt-4 flex items-baseline gap-2 font-serif text-lg font-semibold ${earned ? '' : 'text-ink-soft'}`}
      >
        {badge.name}
        {earned && badge.times > 1 ? (
          <span className="rounded-full bg-accent-soft px-2 font-sans text-sm font-bold text-accent-strong">
            <span aria-hidden="true">{fill(t.times, { times: badge.times })}</span>
            <span className="sr-only">{fill(t.timesLabel, { times: badge.times })}</span>
          </span>
        ) : null}
      </h4>
      <p className="mt-1 text-sm text-ink-soft">{badge.description}</p>
      <p className={`mt-auto pt-3 text-sm ${earned ? 'font-medium' : 'text-ink-soft italic'}`}>
        {earned && badge.earnedAt
          ? fill(t.earnedOn, { date: formatFrenchDate(badge.earnedAt) })
          : t.notEarned}
      </p>
    </li>
  );
}

function QuestRow({ quest }: { quest: QuestView }) {
  const done = quest.unlockedAt !== null;
  return (
    <li
      data-quest={quest.slug}
      data-done={done}
      className={`flex items-start gap-4 rounded-2xl p-4 sm:p-5 ${done ? 'border border-line bg-paper shadow-sm' : 'border border-dashed border-ink/25'}`}
    >
      <span
        className={`relative flex size-12 shrink-0 items-center justify-center rounded-full ${done ? 'bg-accent text-paper' : 'bg-line text-ink-soft opacity-70'}`}
      >
        <RewardIcon name={quest.icon} size={24} />
        {done ? (
          <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full border-2 border-paper bg-ink text-paper">
            <Check size={12} strokeWidth={3} aria-hidden="true" />
          </span>
        ) : null}
      </span>
      <div className="min-w-0">
        <h4 className={`font-serif text-lg font-semibold ${done ? '' : 'text-ink-soft'}`}>
          {quest.title}
        </h4>
        <p className="text-sm text-ink-soft">{quest.description}</p>
        <p className={`mt-1 text-sm ${done ? 'font-medium' : 'text-ink-soft italic'}`}>
          {done && quest.unlockedAt
            ? fill(t.questDoneOn, { date: formatFrenchDate(quest.unlockedAt) })
            : t.questNotDone}
        </p>
      </div>
    </li>
  );
}
