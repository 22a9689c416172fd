import type { CircleStanding } from '../../../../domain/circles';
import { circleMessages as m } from '../../../../domain/messages/circles';

/** Where a member stands (« en avance », « à jour », « en retard », « a terminé »). */
export function StandingChip({ standing }: { standing: CircleStanding }) {
  const behind = standing === 'behind';
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${
        behind ? 'bg-accent-soft text-accent-strong' : 'bg-paper-deep text-ink'
      }`}
    >
      {m.standings[standing]}
    </span>
  );
}
