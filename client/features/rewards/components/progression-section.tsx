import { nextLevelXp } from '../../../../domain/levels';
import { fill } from '../../../../domain/messages/fill';
import { achievementsMessages as t } from '../../../../domain/messages/rewards';
import type { UserStats } from '../../../../domain/rewards.schemas';
import { formatNumber } from '../../../lib/format';
import { MeterBar } from './meter-bar';
import { Section } from './section';

/**
 * 'Progression': the reader's level, the one scale of every screen (decision 018,
 * docs/architecture.md#xp-and-levels), and the XP towards the next one; full at the last level.
 */
export function ProgressionSection({ stats }: { stats: Pick<UserStats, 'xp' | 'level'> }) {
  const { xp, level } = stats;
  const next = nextLevelXp(level);
  const xpText =
    next === null
      ? fill(t.levelXpMax, { xp: formatNumber(xp) })
      : fill(t.levelXp, { xp: formatNumber(xp), next: formatNumber(next) });
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
            value={next === null ? 1 : xp}
            max={next ?? 1}
            label={next === null ? t.levelMaxBarLabel : fill(t.levelBarLabel, { next: level + 1 })}
            valueText={xpText}
          />
        </div>
        <p className="mt-3 text-sm text-ink-soft">
          {next === null
            ? t.levelMax
            : fill(t.levelNext, { remaining: formatNumber(next - xp), next: level + 1 })}
        </p>
      </div>
    </Section>
  );
}
