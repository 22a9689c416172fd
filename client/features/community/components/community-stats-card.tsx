import { communityMessages as c } from '../../../../domain/messages/community';
import { formatNumber } from '../../../lib/format';
import { useCommunityStats } from '../api/discover';
import { LoadFailed } from './load-failed';

/** 'Communauté': 'Lecteurs', 'Abonné·e·s' and 'Abonnements' (docs/architecture.md#community). */
export function CommunityStatsCard() {
  const stats = useCommunityStats();
  const figures = stats.data
    ? [
        { key: 'readers', label: c.statsReaders, value: stats.data.readers },
        { key: 'followers', label: c.statsFollowers, value: stats.data.followers },
        { key: 'following', label: c.statsFollowing, value: stats.data.following },
      ]
    : null;
  return (
    <section
      aria-labelledby="statistiques-communaute"
      className="rounded-2xl border border-line bg-paper p-5 shadow-sm"
    >
      <h2 id="statistiques-communaute" className="text-xl font-semibold">
        {c.statsTitle}
      </h2>
      {figures ? (
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
          {figures.map((figure) => (
            <div
              key={figure.key}
              data-stat={figure.key}
              // The figure shows above its label; the markup keeps dt before dd.
              className="flex flex-col-reverse rounded-xl bg-paper-deep p-3"
            >
              <dt className="text-xs font-medium text-ink-soft sm:text-sm">{figure.label}</dt>
              <dd className="font-serif text-2xl font-semibold tabular-nums">
                {formatNumber(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : stats.isError ? (
        <LoadFailed onRetry={() => void stats.refetch()} />
      ) : (
        <div aria-hidden="true" className="mt-3 h-20 animate-pulse rounded-xl bg-paper-deep" />
      )}
    </section>
  );
}
