import { useEffect, useRef } from 'react';
import { communityMessages as c } from '../../../../domain/messages/community';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { useBooky } from '../api/booky';
import { useFeed } from '../api/discover';
import { ActivityItem } from './activity-item';
import { LoadFailed } from './load-failed';

/**
 * "Fil d'actualité": the activities of the reader and of those they follow, topped up with
 * the community's, in a box that scrolls at 24rem (the spec's max-h-96), 'Afficher plus'
 * at its end.
 */
export function ActivityFeed() {
  const feed = useFeed();
  const booky = useBooky();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  // After 'Afficher plus', focus goes to the first activity of the new page.
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null || items.length <= focusFrom.current) return;
    listRef.current?.children[focusFrom.current]?.querySelector<HTMLElement>('a')?.focus();
    focusFrom.current = null;
  }, [items.length]);

  return (
    <section aria-labelledby="fil-actualite">
      <h2 id="fil-actualite" className="text-2xl font-semibold">
        {c.feedTitle}
      </h2>
      {feed.data === undefined ? (
        feed.isError ? (
          <LoadFailed onRetry={() => void feed.refetch()} />
        ) : (
          <FeedSkeleton />
        )
      ) : items.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-ink/25 p-6 text-ink-soft">
          {c.feedEmpty}
        </p>
      ) : (
        // Keyboard users scroll the box by tabbing through its links and buttons.
        <div className="mt-4 max-h-96 overflow-y-auto overscroll-contain rounded-2xl border border-line bg-paper-deep/50 p-2 sm:p-3">
          <ul ref={listRef} className="space-y-2 sm:space-y-3">
            {items.map((activity) => (
              <li key={activity.id}>
                <ActivityItem
                  activity={activity}
                  onBooky={(activityId, like) => booky.mutate({ activityId, like })}
                />
              </li>
            ))}
          </ul>
          {feed.isFetchNextPageError ? (
            <LoadFailed onRetry={() => void feed.fetchNextPage()} />
          ) : feed.hasNextPage ? (
            <div className="mt-3 flex justify-center pb-1">
              <button
                type="button"
                aria-disabled={feed.isFetchingNextPage || undefined}
                onClick={() => {
                  if (feed.isFetchingNextPage) return;
                  focusFrom.current = items.length;
                  void feed.fetchNextPage();
                }}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                {feed.isFetchingNextPage ? <Spinner /> : null}
                {c.loadMore}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function FeedSkeleton() {
  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="sr-only">
        {c.loading}
      </p>
      {[0, 1, 2].map((n) => (
        <div key={n} aria-hidden="true" className="h-24 animate-pulse rounded-2xl bg-paper-deep" />
      ))}
    </div>
  );
}
