import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { READING_LIST_PAGING } from '../../../../domain/book-display';
import type { ReadingListItem } from '../../../../domain/books.schemas';
import { catalogueMessages, readingListMessages as t } from '../../../../domain/messages/catalogue';
import { abandonMessages, importMessages } from '../../../../domain/messages/insights';
import { appPaths } from '../../../../domain/screen-paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useReadingList } from '../api/get-reading-list';
import { ReadingListSection } from './reading-list-section';

/** The list split by status, each keeping the list's order (most recently touched first). */
export function splitByStatus(items: ReadingListItem[]) {
  const kept = items.filter((item) => !item.isAbandoned);
  return {
    inProgress: kept.filter((item) => item.progress.status === 'in_progress'),
    toRead: kept.filter((item) => item.progress.status === 'to_read'),
    completed: kept.filter((item) => item.progress.status === 'completed'),
    abandoned: items.filter((item) => item.isAbandoned),
  };
}

/**
 * /reading-list (docs/architecture.md#screens): 'En cours de lecture', 'À lire' (8, then 6
 * more), 'Livres terminés' (10, then 6 more).
 */
export function ReadingListScreen() {
  usePageMeta({ title: t.documentTitle });
  const list = useReadingList();

  // One toast per failed load (the query retries transient errors twice before that).
  useEffect(() => {
    if (list.errorUpdatedAt) toast.error(catalogueMessages.listLoadFailed);
  }, [list.errorUpdatedAt]);

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{t.title}</h1>
      <ReadingListBody list={list} />
    </div>
  );
}

function ReadingListBody({ list }: { list: UseQueryResult<ReadingListItem[]> }) {
  if (list.isError && !list.data) {
    return (
      <ErrorState
        title={catalogueMessages.listLoadFailedPage}
        retryLabel={t.retry}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (!list.data) return <LoadingState text={t.loading} />;
  if (list.data.length === 0) return <EmptyList />;

  const { inProgress, toRead, completed, abandoned } = splitByStatus(list.data);
  return (
    <div className="mt-10 space-y-14">
      <ReadingListSection id="en-cours" title={t.inProgress} items={inProgress} eager />
      <ReadingListSection
        id="a-lire"
        title={t.toRead}
        items={toRead}
        paging={READING_LIST_PAGING.toRead}
      />
      <ReadingListSection
        id="termines"
        title={t.completed}
        items={completed}
        paging={READING_LIST_PAGING.completed}
      />
      <ReadingListSection
        id="abandonnes"
        title={abandonMessages.shelfTitle}
        items={abandoned}
        paging={READING_LIST_PAGING.completed}
      />
      <p>
        <Link
          to={appPaths.importBooks}
          className="font-medium text-accent-strong underline underline-offset-4"
        >
          {importMessages.title}
        </Link>
      </p>
    </div>
  );
}

function EmptyList() {
  return (
    <div className="mx-auto mt-12 max-w-xl rounded-3xl border border-dashed border-ink/25 px-6 py-14 text-center">
      <p className="font-serif text-2xl font-semibold">{t.emptyTitle}</p>
      <p className="mt-3 text-ink-soft">{t.emptyText}</p>
      <ButtonLink to="/explore" className="mt-8">
        {t.exploreBooks}
      </ButtonLink>
    </div>
  );
}
