import {
  Award,
  BookCheck,
  CircleCheckBig,
  Clock,
  FileText,
  type LucideIcon,
  Sparkles,
  Target,
} from 'lucide-react';
import { achievementsMessages as t } from '../../../../domain/messages/rewards';
import { readingTimeLabel } from '../../../../domain/rewards';
import type { UserStats } from '../../../../domain/rewards.schemas';
import { formatNumber } from '../../../lib/format';
import { Section } from './section';

type Tile = {
  key: string;
  label: string;
  icon: LucideIcon;
  value: string;
  /** Classes of a tile that fills the rest of its row. */
  span?: string;
};

/** 'Statistiques': the reader's figures, one tile each. */
export function StatsSection({ stats }: { stats: UserStats }) {
  const tiles: Tile[] = [
    {
      key: 'books',
      label: t.stats.booksRead,
      icon: BookCheck,
      value: formatNumber(stats.booksRead),
    },
    {
      key: 'pages',
      label: t.stats.pagesRead,
      icon: FileText,
      value: formatNumber(stats.pagesRead),
    },
    {
      key: 'segments',
      label: t.stats.segmentsValidated,
      icon: CircleCheckBig,
      value: formatNumber(stats.segmentsValidated),
    },
    {
      key: 'time',
      label: t.stats.readingTime,
      icon: Clock,
      // The profile's tile says the same (one rule: domain/rewards readingTimeLabel).
      value: readingTimeLabel(stats.readingMinutes),
    },
    { key: 'badges', label: t.stats.badges, icon: Award, value: formatNumber(stats.badgesCount) },
    { key: 'quests', label: t.stats.quests, icon: Target, value: formatNumber(stats.questsDone) },
    {
      key: 'xp',
      label: t.stats.xp,
      icon: Sparkles,
      value: formatNumber(stats.xp),
      // Seven tiles: XP, last, closes the grid's last row at 2, 3 and 4 columns. Its level is
      // in 'Progression' just below (one level on the page, decision 018).
      span: 'col-span-2 sm:col-span-3 lg:col-span-2',
    },
  ];
  return (
    <Section id="statistiques" title={t.sections.stats}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div
            key={tile.key}
            data-stat={tile.key}
            className={`flex flex-col rounded-2xl border border-line bg-paper p-4 shadow-sm sm:p-5 ${tile.span ?? ''}`}
          >
            <dt className="flex items-center gap-2 text-sm font-medium text-ink-soft">
              <tile.icon size={18} className="shrink-0 text-accent" aria-hidden="true" />
              {tile.label}
            </dt>
            <dd className="mt-2 font-serif text-3xl font-semibold tabular-nums">{tile.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
