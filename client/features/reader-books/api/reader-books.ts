import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddedBook,
  BookLookupAnswer,
  BookReportInput,
  ReaderBookInput,
} from '../../../../domain/reader-books.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const readerBookKeys = {
  lookup: (q: string) => ['book-lookup', q] as const,
};

/**
 * GET /api/book-lookup?q=: the open catalogue's editions for a title, an author or an ISBN.
 * Not retried: each try costs the open catalogue a request, and the reader may type the book.
 */
export const useBookLookup = (q: string) =>
  useQuery({
    queryKey: readerBookKeys.lookup(q),
    queryFn: ({ signal }) =>
      apiRequest<BookLookupAnswer>(`/api/book-lookup?${new URLSearchParams({ q })}`, { signal }),
    enabled: q !== '',
    retry: false,
  });

/** POST /api/books: the reader's book, readable at once; searches and explore show it. */
export const useAddBook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReaderBookInput) =>
      apiRequest<AddedBook>('/api/books', { method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.searches });
      void client.invalidateQueries({ queryKey: queryKeys.explores });
    },
  });
};

export type BookReportRequest = { bookId: string; input: BookReportInput };

/**
 * POST /api/books/:bookId/reports: « Signaler ce livre » (decision 048), once per reader and
 * book; administrators see the count in the back office. Nothing the reader sees changes.
 */
export const useReportBook = () =>
  useMutation({
    mutationFn: ({ bookId, input }: BookReportRequest) =>
      apiRequest<{ reported: true }>(`/api/books/${encodeURIComponent(bookId)}/reports`, {
        method: 'POST',
        body: input,
      }),
  });
