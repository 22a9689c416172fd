import { useQuery } from '@tanstack/react-query';
import type { ValidationState } from '../../../../domain/validation.schemas';
import { apiRequest } from '../../../lib/api-client';

/** The reader's validation state on one book (next segment, attempts, lock, jokers). */
export const validationStateKey = (bookId: string) => ['validation', bookId] as const;

/** GET /api/books/:bookId/validation: the server's word on what the reader may validate. */
export function getValidationState(bookId: string, signal?: AbortSignal): Promise<ValidationState> {
  return apiRequest(`/api/books/${encodeURIComponent(bookId)}/validation`, { signal });
}

/**
 * Fetched afresh each time the confirmation opens (`bookId` null: not fetched): the lock,
 * the attempts and the next segment are the server's, never a cached guess.
 */
export function useValidationState(bookId: string | null) {
  return useQuery({
    queryKey: validationStateKey(bookId ?? ''),
    queryFn: ({ signal }) => getValidationState(bookId ?? '', signal),
    enabled: bookId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
