import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type UploadedCover = {
  bookId: string;
  version: string;
  coverUrl: string;
  coverWebpUrl: string;
};

/** PUT /api/admin/books/:id/cover with the image's bytes; the server crops and encodes it. */
export function uploadCover({ bookId, file }: { bookId: string; file: Blob }) {
  return apiRequest<UploadedCover>(`/api/admin/books/${encodeURIComponent(bookId)}/cover`, {
    method: 'PUT',
    body: file,
  });
}

/** The new cover shows wherever the book does: its page, the catalogue, the admin lists. */
export function useUploadCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCover,
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.books,
        queryKeys.explores,
        queryKeys.searches,
        queryKeys.admin,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
