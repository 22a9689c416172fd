import { questionProposalsMessages as m } from '../../../domain/messages/question-proposals';
import { segmentReached } from '../../../domain/question-proposals';
import { AppError } from '../../errors';
import { recordValidation, type SegmentRequest, type Tx, underLock } from './segment-transaction';

/**
 * A proposed question's part in the reader's progress (decision 045), inside the caller's
 * transaction: locks the reader's progress on the book as an answer does (so their answers,
 * jokers and proposals queue), refuses a segment not reached, runs `write` (which stores the
 * question and answers its id) and, when the segment is the reader's next one and has no
 * approved question, records it as read: a validation of the proposed question without XP,
 * which its approval grants. Streaks, badges and quests count it as any validation.
 */
export async function segmentProposal({
  tx,
  request,
  answer,
  write,
}: {
  tx: Tx;
  request: SegmentRequest;
  answer: string;
  write: () => Promise<string>;
}): Promise<{ questionId: string; countedAsRead: boolean }> {
  const locked = await underLock({ tx, request, lock: { limit: null }, step: async (l) => l });
  const validated = locked.progress.segmentsValidated;
  const { expectedSegments: expected } = locked.book;
  if (!segmentReached({ validated, expected, segment: request.segment })) {
    throw new AppError('CONFLICT', m.segmentNotReached);
  }
  const questionId = await write();
  const counts = request.segment === validated + 1 && locked.question === null;
  if (!counts) return { questionId, countedAsRead: false };
  await underLock({
    tx,
    request,
    lock: { limit: null },
    step: (again) =>
      recordValidation({ tx, request, locked: again, questionId, answer, usedJoker: false, xp: 0 }),
  });
  return { questionId, countedAsRead: true };
}
