import { useQuery } from '@tanstack/react-query';
import type { BookDetail, ReadingProgressView } from '../../../../domain/books.schemas';
import type { DeviceReading } from '../../../../domain/kosync.schemas';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type BookPageData = {
  book: BookDetail;
  progress: ReadingProgressView | null;
  /** The page the reader's KOReader device reached (decision 053); absent for a visitor. */
  device?: DeviceReading | null;
};

/**
 * GET /api/books/:ref (uuid or slug): the book and, for a signed-in reader who has it in their
 * list, their progress (the session cookie decides). 404 NOT_FOUND and 410 BOOK_UNAVAILABLE
 * carry a French message.
 */
export function getBook(ref: string, signal?: AbortSignal): Promise<BookPageData> {
  return apiRequest(`/api/books/${encodeURIComponent(ref)}`, { signal });
}

export function useBook(ref: string) {
  return useQuery({
    queryKey: queryKeys.book(ref),
    queryFn: ({ signal }) => getBook(ref, signal),
  });
}
