import type { ReportReason } from '../../../../domain/question-proposals';
import { apiRequest } from '../../../lib/api-client';

export type QuestionReport = { questionId: string; reason: ReportReason };

/**
 * POST /api/questions/:id/reports: « Signaler cette question » (decision 047), once per reader,
 * only for a question they were asked. The third report sends it back to review; nothing the
 * reader sees changes, so nothing is cached or refetched (and the flow's modals need no query
 * client for it).
 */
export function reportQuestion({ questionId, reason }: QuestionReport) {
  return apiRequest<{ returnedToReview: boolean }>(
    `/api/questions/${encodeURIComponent(questionId)}/reports`,
    { method: 'POST', body: { reason } },
  );
}
