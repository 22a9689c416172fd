import { communityMessages as c } from '../../../../domain/messages/community';
import { usePageMeta } from '../../../lib/use-page-meta';
import { ActivityFeed } from './activity-feed';
import { CommunityStatsCard } from './community-stats-card';
import { SuggestionsPanel } from './suggestions-panel';

/**
 * /discover (docs/architecture.md#screens): 'Découvrir des lecteurs', the feed, readers to
 * follow and the community's figures; each part loads, fails and retries on its own.
 */
export function DiscoverScreen() {
  usePageMeta({ title: c.discoverTitle });
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{c.discoverTitle}</h1>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ActivityFeed />
        <div className="space-y-6">
          <CommunityStatsCard />
          <SuggestionsPanel />
        </div>
      </div>
    </div>
  );
}
