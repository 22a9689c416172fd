import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookContributions,
  ProposalInput,
  ProposalResult,
} from '../../../../domain/question-proposals.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The book page's offer (decision 045), under the book pages' prefix: whatever refreshes the book
 * pages (a validation, a proposal counted as read) refreshes it too.
 */
export const contributionsKey = (bookId: string) =>
  [...queryKeys.books, bookId, 'contributions'] as const;

/** GET /api/books/:bookId/contributions: the reader's pending questions, what they may review, their next segment. */
export function getContributions(bookId: string, signal?: AbortSignal): Promise<BookContributions> {
  return apiRequest(`/api/books/${encodeURIComponent(bookId)}/contributions`, { signal });
}

/** Fetched only when `enabled` (a signed-in reader with the book in their list, not finished). */
export function useBookContributions(bookId: string, enabled: boolean) {
  return useQuery({
    queryKey: contributionsKey(bookId),
    queryFn: ({ signal }) => getContributions(bookId, signal),
    enabled,
  });
}

export type ProposalRequest = { bookId: string; segment: number; input: ProposalInput };

/**
 * POST /api/books/:bookId/segments/:segment/proposals. Once sent, the book's offer is refetched;
 * when the proposal counted the segment as read, every book page and the reading list too
 * (the progress moved by one segment), and `onCountedAsRead` refreshes the rest (validation
 * state, profiles, rewards), which other features own.
 */
export function useProposeQuestion(onCountedAsRead?: (bookId: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, segment, input }: ProposalRequest) =>
      apiRequest<ProposalResult>(
        `/api/books/${encodeURIComponent(bookId)}/segments/${segment}/proposals`,
        { method: 'POST', body: input },
      ),
    onSuccess: (result, { bookId }) => {
      if (result.countedAsRead) {
        void client.invalidateQueries({ queryKey: queryKeys.books });
        void client.invalidateQueries({ queryKey: queryKeys.readingList });
        onCountedAsRead?.(bookId);
      } else {
        void client.invalidateQueries({ queryKey: contributionsKey(bookId) });
      }
    },
  });
}
