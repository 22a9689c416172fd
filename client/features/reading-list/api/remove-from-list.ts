import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/reading-list/:bookId: removes the book and erases its progress. */
export function removeFromList(bookId: string): Promise<{ message: string }> {
  return apiRequest(`/api/reading-list/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromList,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.readingList }),
        queryClient.invalidateQueries({ queryKey: queryKeys.books }),
      ]),
  });
}
