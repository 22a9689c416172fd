import { BookCheck, CircleCheckBig, Clock, FileText, type LucideIcon } from 'lucide-react';
import { communityMessages as c } from '../../../../domain/messages/community';
import { readingTimeLabel } from '../../../../domain/rewards';
import type { UserStats } from '../../../../domain/rewards.schemas';
import { formatNumber } from '../../../lib/format';

type Tile = { key: string; label: string; icon: LucideIcon; value: string };

/**
 * The owner's four tiles (docs/architecture.md#profiles): 'Livres terminés', 'Validations',
 * 'Temps de lecture' (minutes under one hour, whole hours above) and 'Pages lues'.
 */
export function ProfileTiles({ stats }: { stats: UserStats }) {
  const tiles: Tile[] = [
    {
      key: 'books',
      label: c.tileBooksFinished,
      icon: BookCheck,
      value: formatNumber(stats.booksRead),
    },
    {
      key: 'validations',
      label: c.tileValidations,
      icon: CircleCheckBig,
      value: formatNumber(stats.segmentsValidated),
    },
    {
      key: 'time',
      label: c.tileReadingTime,
      icon: Clock,
      value: readingTimeLabel(stats.readingMinutes),
    },
    { key: 'pages', label: c.tilePagesRead, icon: FileText, value: formatNumber(stats.pagesRead) },
  ];
  return (
    <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          data-tile={tile.key}
          className="flex flex-col rounded-2xl border border-line bg-paper p-4 shadow-sm"
        >
          <dt className="flex items-center gap-2 text-sm font-medium text-ink-soft">
            <tile.icon size={18} className="shrink-0 text-accent" aria-hidden="true" />
            {tile.label}
          </dt>
          <dd className="mt-2 font-serif text-2xl font-semibold tabular-nums sm:text-3xl">
            {tile.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
