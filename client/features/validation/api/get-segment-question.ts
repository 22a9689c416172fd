import { useMutation } from '@tanstack/react-query';
import type { SegmentQuestion } from '../../../../domain/validation.schemas';
import { apiRequest } from '../../../lib/api-client';

export type SegmentRef = { bookId: string; segment: number };

/** The base path of one segment of a book: /api/books/:bookId/segments/:n. */
export function segmentPath({ bookId, segment }: SegmentRef): string {
  return `/api/books/${encodeURIComponent(bookId)}/segments/${segment}`;
}

/**
 * GET …/segments/:n/question: the one-word question, after the server's checks (already
 * validated, not the next one, locked, book finished, no question), never its answer.
 */
export function getSegmentQuestion(ref: SegmentRef): Promise<SegmentQuestion> {
  return apiRequest(`${segmentPath(ref)}/question`);
}

/** Asked when the reader confirms the step: a mutation for its pending state and errors. */
export function useSegmentQuestion() {
  return useMutation({ mutationFn: getSegmentQuestion });
}
