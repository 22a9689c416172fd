import { useQuery } from '@tanstack/react-query';
import type { ReadingListItem } from '../../../../domain/books.schemas';
import type { ReadingStatus } from '../../../../domain/segments';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isTransientError } from '../../../lib/retry';
import { useSession } from '../../../lib/use-session';

/** GET /api/reading-list: the signed-in reader's books, most recently touched first. */
export function getReadingList(signal?: AbortSignal): Promise<{ items: ReadingListItem[] }> {
  return apiRequest('/api/reading-list', { signal });
}

/**
 * The reader's list (cached 5 min, kept 10 min, 2 retries: docs/architecture.md#client-timings);
 * idle when signed out.
 */
export function useReadingList<T = ReadingListItem[]>(select?: (items: ReadingListItem[]) => T) {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.readingList,
    queryFn: ({ signal }) => getReadingList(signal).then((data) => data.items),
    enabled: session.status === 'signed-in',
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: (failures, error) => failures < 2 && isTransientError(error),
    select,
  });
}

const toStatuses = (items: ReadingListItem[]) =>
  new Map<string, ReadingStatus>(items.map((item) => [item.book.id, item.progress.status]));

/**
 * Status of each book of the reader's list by book id, for the cards of the catalogue;
 * an empty map for visitors. `ready` is false until the list is known.
 */
export function useListStatuses(): { statuses: Map<string, ReadingStatus>; ready: boolean } {
  const session = useSession();
  const query = useReadingList(toStatuses);
  return {
    statuses: query.data ?? emptyStatuses,
    ready: session.status === 'signed-out' || query.isSuccess,
  };
}

const emptyStatuses = new Map<string, ReadingStatus>();
