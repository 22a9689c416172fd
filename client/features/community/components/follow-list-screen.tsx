import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { communityMessages as c } from '../../../../domain/messages/community';
import { type FollowListType, profilePath } from '../../../../domain/screen-paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { LoadingState } from '../../../components/ui/loading-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useFollowList } from '../api/follow-list';
import { LoadFailed } from './load-failed';
import { ReaderLink } from './reader-link';

const texts = {
  followers: { title: c.followersTitle, failed: c.followersLoadFailed, empty: c.noFollowers },
  following: { title: c.followingTitle, failed: c.followingLoadFailed, empty: c.noFollowing },
} as const;

/**
 * /followers/{followers|following}/{userId} (docs/architecture.md#screens): back to the
 * profile, the title with the total, each reader linking to their profile, 'Afficher plus'
 * for the next page.
 */
export function FollowListScreen(props: { type: FollowListType; userId: string }) {
  const { type, userId } = props;
  const t = texts[type];
  usePageMeta({ title: t.title });
  const list = useFollowList(type, userId);
  const readers = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;

  // After 'Afficher plus', focus goes to the first reader of the new page.
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null || readers.length <= focusFrom.current) return;
    listRef.current?.children[focusFrom.current]?.querySelector<HTMLElement>('a')?.focus();
    focusFrom.current = null;
  }, [readers.length]);

  return (
    <div className="mx-auto max-w-2xl px-5 py-8 md:px-6 md:py-12">
      <ButtonLink to={profilePath(userId)} variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft size={18} aria-hidden="true" />
        {c.back}
      </ButtonLink>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight md:text-4xl">
        {t.title}
        {total === undefined ? null : (
          <>
            {' '}
            <span className="text-ink-soft">({formatNumber(total)})</span>
          </>
        )}
      </h1>

      {list.data === undefined ? (
        list.isError ? (
          <LoadFailed text={t.failed} onRetry={() => void list.refetch()} />
        ) : (
          <LoadingState text={c.loading} />
        )
      ) : readers.length === 0 ? (
        <p className="mt-8 text-ink-soft">{t.empty}</p>
      ) : (
        <>
          <ul ref={listRef} className="mt-6 divide-y divide-line border-y border-line">
            {readers.map((reader) => (
              <li key={reader.id} className="py-3">
                <ReaderLink reader={reader} />
              </li>
            ))}
          </ul>
          {list.isFetchNextPageError ? (
            <LoadFailed text={t.failed} onRetry={() => void list.fetchNextPage()} />
          ) : list.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                aria-disabled={list.isFetchingNextPage || undefined}
                onClick={() => {
                  if (list.isFetchingNextPage) return;
                  focusFrom.current = readers.length;
                  void list.fetchNextPage();
                }}
                className={buttonClasses({ variant: 'secondary' })}
              >
                {list.isFetchingNextPage ? <Spinner /> : null}
                {c.loadMore}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
