import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ReviewInput,
  ReviewItem,
  ReviewQueue,
  ReviewResult,
} from '../../../../domain/question-proposals.schemas';
import { apiRequest } from '../../../lib/api-client';
import { contributionsKey } from './contributions';

/** The review queue, all books or one: the reader's own data, never shared. */
export const reviewQueueKey = (bookId: string | null) => ['question-reviews', bookId] as const;

/** GET /api/question-reviews?bookId=&after=: 20 questions a page, oldest first. */
export function getReviewQueue(options: {
  bookId: string | null;
  after?: string | undefined;
  signal?: AbortSignal;
}): Promise<ReviewQueue> {
  const query = new URLSearchParams();
  if (options.bookId) query.set('bookId', options.bookId);
  if (options.after) query.set('after', options.after);
  const search = query.size > 0 ? `?${query}` : '';
  return apiRequest(`/api/question-reviews${search}`, { signal: options.signal });
}

/** The queue, page after page ('Afficher plus'). */
export function useReviewQueue(bookId: string | null) {
  return useInfiniteQuery({
    queryKey: reviewQueueKey(bookId),
    queryFn: ({ pageParam, signal }) => getReviewQueue({ bookId, after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export type ReviewRequest = { item: ReviewItem; input: ReviewInput };

/**
 * POST /api/question-reviews/:id. Once the verdict is recorded the question leaves every cached
 * queue (the pages already loaded keep their cursors), and its book's offer is refetched (the
 * count of questions to review on the book page).
 */
export function useReviewQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, input }: ReviewRequest) =>
      apiRequest<ReviewResult>(`/api/question-reviews/${encodeURIComponent(item.id)}`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (_result, { item }) => {
      client.setQueriesData<InfiniteData<ReviewQueue>>(
        { queryKey: ['question-reviews'] },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.filter((other) => other.id !== item.id),
                })),
              }
            : data,
      );
      void client.invalidateQueries({ queryKey: contributionsKey(item.book.id) });
    },
  });
}
