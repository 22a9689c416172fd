import { fill } from '../../../../domain/messages/fill';
import { achievementsMessages as t } from '../../../../domain/messages/rewards';
import type { Achievements } from '../../../../domain/rewards.schemas';
import { formatNumber } from './format';
import { MeterBar } from './meter-bar';
import { Section } from './section';

/**
 * 'Progression': the level of the achievements page, 1000 XP each
 * (docs/architecture.md#xp-and-levels).
 */
export function ProgressionSection({ progression }: { progression: Achievements['progression'] }) {
  const { level, progress, perLevel } = progression;
  const next = level + 1;
  const xpText = fill(t.levelXp, {
    progress: formatNumber(progress),
    perLevel: formatNumber(perLevel),
  });
  return (
    <Section id="progression" title={t.sections.progression}>
      <div className="rounded-2xl border border-line bg-paper p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="font-serif text-3xl font-semibold text-accent-strong">
            {fill(t.level, { level })}
          </p>
          <p className="font-medium tabular-nums">{xpText}</p>
        </div>
        <div className="mt-4">
          <MeterBar
            value={progress}
            max={perLevel}
            label={fill(t.levelBarLabel, { next })}
            valueText={xpText}
          />
        </div>
        <p className="mt-3 text-sm text-ink-soft">
          {fill(t.levelNext, { remaining: formatNumber(perLevel - progress), next })}
        </p>
      </div>
    </Section>
  );
}
