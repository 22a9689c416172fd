import { fill } from '../../../../domain/messages/fill';
import { achievementsMessages as t } from '../../../../domain/messages/rewards';
import type { Challenge } from '../../../../domain/rewards.schemas';
import { formatNumber } from '../../../lib/format';
import { MeterBar } from './meter-bar';
import { Section } from './section';

/** 'Défis Actuels': the three challenges, measured by the server on the reader's record. */
export function ChallengesSection({ challenges }: { challenges: Challenge[] }) {
  return (
    <Section id="defis" title={t.sections.challenges}>
      <ul className="grid gap-3 sm:gap-4 md:grid-cols-3">
        {challenges.map((challenge) => {
          const done = challenge.current >= challenge.target;
          const figures = fill(t.challengeProgress, {
            current: formatNumber(challenge.current),
            target: formatNumber(challenge.target),
          });
          return (
            <li
              key={challenge.slug}
              data-challenge={challenge.slug}
              className="flex flex-col rounded-2xl border border-line bg-paper p-5 shadow-sm"
            >
              <h3 className="text-xl font-semibold">{challenge.title}</h3>
              <p className="mt-1 text-sm text-ink-soft">{challenge.description}</p>
              <div className="mt-auto pt-4">
                <p className="mb-2 flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-semibold tabular-nums">{figures}</span>
                  {done ? (
                    <span className="font-semibold text-accent-strong">{t.challengeDone}</span>
                  ) : null}
                </p>
                <MeterBar
                  value={challenge.current}
                  max={challenge.target}
                  label={fill(t.challengeBarLabel, { title: challenge.title })}
                  valueText={figures}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
