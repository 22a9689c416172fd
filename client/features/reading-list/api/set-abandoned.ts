import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT (abandon) or DELETE (resume) /api/reading-list/:bookId/abandoned. */
export function setAbandoned(x: {
  bookId: string;
  abandoned: boolean;
}): Promise<{ message: string }> {
  return apiRequest(`/api/reading-list/${encodeURIComponent(x.bookId)}/abandoned`, {
    method: x.abandoned ? 'PUT' : 'DELETE',
  });
}

export function useSetAbandoned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAbandoned,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.readingList }),
        queryClient.invalidateQueries({ queryKey: queryKeys.insights }),
      ]),
  });
}
