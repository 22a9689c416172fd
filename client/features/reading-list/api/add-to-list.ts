import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadingProgressView } from '../../../../domain/books.schemas';
import { apiRequest } from '../../../lib/api-client';
import { HttpError } from '../../../lib/http-error';
import { queryKeys } from '../../../lib/query-keys';

export type AddToListAnswer = { message: string; progress: ReadingProgressView };

/** POST /api/reading-list: adds the book as 'À lire'; 409 ALREADY_EXISTS if it is there. */
export function addToList(body: { bookId: string }): Promise<AddToListAnswer> {
  return apiRequest('/api/reading-list', { method: 'POST', body });
}

/** Adds a book, then refreshes the list and the book pages (their progress changed). */
export function useAddToList() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.readingList }),
      queryClient.invalidateQueries({ queryKey: queryKeys.books }),
    ]);
  return useMutation({
    mutationFn: addToList,
    onSuccess: refresh,
    // Already in the list: what the screen shows is out of date.
    onError: (error) => {
      if (error instanceof HttpError && error.code === 'ALREADY_EXISTS') void refresh();
    },
  });
}
