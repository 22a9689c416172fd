import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../domain/api.schemas';
import type { BookCard } from '../../../../domain/books.schemas';
import type { CreatedDevice, KosyncOverview } from '../../../../domain/kosync.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// Paramètres' « Liseuse KOReader » (decision 053): what to type in KOReader, the device
// passwords, and the books the devices reported, each linked once to a catalogue book.

const overviewKey = ['kosync'] as const;

/** GET /api/kosync: the server and username to type, the devices and their books. */
export function useKosyncOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => apiRequest<KosyncOverview>('/api/kosync', { signal }),
  });
}

/** POST /api/kosync/devices: a new device password, shown once. */
export function useCreateDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<CreatedDevice>('/api/kosync/devices', { method: 'POST', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: overviewKey }),
  });
}

/** DELETE /api/kosync/devices/:id: the device's next request is refused. */
export function useRevokeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(`/api/kosync/devices/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: overviewKey }),
  });
}

/**
 * PUT or DELETE /api/kosync/documents/:document/book: which book a device reads. A link adds
 * the book to the list and shows the page reached on its page: both are refreshed.
 */
export function useDocumentBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ document, bookId }: { document: string; bookId: string | null }) =>
      apiRequest<MessageResponse>(`/api/kosync/documents/${encodeURIComponent(document)}/book`, {
        method: bookId ? 'PUT' : 'DELETE',
        ...(bookId ? { body: { bookId } } : {}),
      }),
    onSuccess: () =>
      Promise.all(
        [overviewKey, queryKeys.readingList, queryKeys.books].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** GET /api/search?q=: the catalogue's books, to say which one a device reads. */
export function findBooks(q: string, signal?: AbortSignal): Promise<{ items: BookCard[] }> {
  return apiRequest(`/api/search?${new URLSearchParams({ q })}`, { signal });
}
