import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JokerResult } from '../../../../domain/validation.schemas';
import { apiRequest } from '../../../lib/api-client';
import { type SegmentRef, segmentPath } from './get-segment-question';
import { refreshAfterValidation } from './refresh-after-validation';

/**
 * POST …/segments/:n/joker: after a wrong answer, spends one of the book's jokers; the
 * segment is validated and the answer revealed (the only response that carries one).
 */
export function spendJoker(ref: SegmentRef): Promise<JokerResult> {
  return apiRequest(`${segmentPath(ref)}/joker`, { method: 'POST', body: {} });
}

export function useSpendJoker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: spendJoker,
    onSuccess: (_result, { bookId }) => refreshAfterValidation(client, bookId),
  });
}
