import { Flame, Snowflake, Trophy } from 'lucide-react';
import { fill, fillPlural } from '../../../../domain/messages/fill';
import { insightsMessages } from '../../../../domain/messages/insights';
import { achievementsMessages as t } from '../../../../domain/messages/rewards';
import { formatNumber } from '../../../lib/format';
import { Section } from './section';

/** '0 jour', '1 jour', '2 jours': French keeps 0 and 1 singular. */
export function days(n: number): string {
  return fill(n <= 1 ? t.dayOne : t.dayMany, { n: formatNumber(n) });
}

/** 'Séries de Lecture': the current series and the personal record, in days. */
export function StreaksSection(props: { current: number; best: number; freezes?: number }) {
  const items = [
    { key: 'current', label: t.streakCurrent, icon: Flame, value: props.current },
    { key: 'best', label: t.streakBest, icon: Trophy, value: props.best },
  ];
  return (
    <Section id="series" title={t.sections.streaks}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4">
        {items.map((item) => (
          <div
            key={item.key}
            data-streak={item.key}
            className="relative flex flex-col rounded-2xl border border-line bg-paper-deep p-4 sm:py-6 sm:pr-6 sm:pl-24"
          >
            {/* The icon sits in the <dt>: a <dl> group may hold nothing but its dt and dd. */}
            <dt className="flex flex-col gap-3 text-sm font-medium text-ink-soft">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent sm:absolute sm:top-1/2 sm:left-6 sm:size-14 sm:-translate-y-1/2">
                <item.icon size={24} aria-hidden="true" />
              </span>
              {item.label}
            </dt>
            <dd className="font-serif text-2xl font-semibold tabular-nums sm:text-3xl">
              {days(item.value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-ink-soft">{t.streakHint}</p>
      {props.freezes !== undefined ? (
        <p className="mt-2 flex items-start gap-2 text-sm" data-testid="streak-freezes">
          <Snowflake size={18} className="mt-0.5 shrink-0 text-accent-strong" aria-hidden="true" />
          <span>
            <span className="font-semibold">
              {fillPlural(props.freezes, insightsMessages.freezes, { n: props.freezes })}
            </span>{' '}
            <span className="text-ink-soft">{insightsMessages.freezesHint}</span>
          </span>
        </p>
      ) : null}
    </Section>
  );
}
