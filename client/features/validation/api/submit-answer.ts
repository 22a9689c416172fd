import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerResult } from '../../../../domain/validation.schemas';
import { apiRequest } from '../../../lib/api-client';
import { type SegmentRef, segmentPath } from './get-segment-question';
import { refreshAfterValidation, setCachedLock } from './refresh-after-validation';

export type AnswerInput = SegmentRef & { answer: string };

/** POST …/segments/:n/answer: the server checks the answer, counts attempts and locks. */
export function submitAnswer({ answer, ...ref }: AnswerInput): Promise<AnswerResult> {
  return apiRequest(`${segmentPath(ref)}/answer`, { method: 'POST', body: { answer } });
}

export function useSubmitAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitAnswer,
    onSuccess: (result, { bookId }) => {
      if (result.correct) refreshAfterValidation(client, bookId);
      else if (result.lockedUntil) setCachedLock(client, bookId, result.lockedUntil);
    },
  });
}
