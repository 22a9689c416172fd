import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookRequestStatus } from '../../../../domain/book-requests';
import type {
  AdminBookRequest,
  BookRequest,
  BookRequestBody,
  MyBookRequests,
} from '../../../../domain/book-requests.schemas';
import { apiRequest } from '../../../lib/api-client';

export const bookRequestKeys = {
  mine: ['book-requests'] as const,
  admin: (status: BookRequestStatus | 'all') => ['admin-book-requests', status] as const,
};

export const useMyBookRequests = (enabled: boolean) =>
  useQuery({
    queryKey: bookRequestKeys.mine,
    queryFn: () => apiRequest<MyBookRequests>('/api/book-requests'),
    enabled,
  });

export const useSendBookRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookRequestBody) =>
      apiRequest<BookRequest>('/api/book-requests', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: bookRequestKeys.mine }),
  });
};

export const useAdminBookRequests = (status: BookRequestStatus | 'all') =>
  useQuery({
    queryKey: bookRequestKeys.admin(status),
    queryFn: () =>
      apiRequest<{ items: AdminBookRequest[] }>(
        `/api/admin/book-requests${status === 'all' ? '' : `?status=${status}`}`,
      ),
  });

export const useSetBookRequestStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookRequestStatus }) =>
      apiRequest<BookRequest>(`/api/admin/book-requests/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin-book-requests'] }),
  });
};
