import { attemptsLeft, isLocked, lockRefusal } from '../../../domain/attempts';
import { jokersAllowed } from '../../../domain/jokers';
import { validationMessages as m } from '../../../domain/messages/validation';
import { nextSegment, segmentRefusal } from '../../../domain/segments';
import type { SegmentQuestion, ValidationState } from '../../../domain/validation.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { refuse } from './segment-transaction';
import { type SegmentView, validationRepository } from './validation.repository';

type Ids = { userId: string; bookId: string };

/** The segment view of a published book, or NOT_FOUND in the spec's words. */
async function readPublished(db: Db, ids: Ids, segment: number | null): Promise<SegmentView> {
  const view = await validationRepository.readSegment(db, ids, segment);
  if (!view?.book.isPublished) throw new AppError('NOT_FOUND', m.bookLoadError);
  return view;
}

/** The reader's next segment, attempts left, lock and jokers, for the book page. */
export async function validationState({ db, ...ids }: Ids & { db: Db }): Promise<ValidationState> {
  const view = await readPublished(db, ids, null);
  const { expectedSegments } = view.book;
  const validated = Math.min(view.validated, expectedSegments);
  const completed = validated >= expectedSegments;
  const attempts = completed ? null : view.attempts;
  const now = new Date();
  return {
    segment: nextSegment(validated, expectedSegments),
    expectedSegments,
    completed,
    attemptsLeft: attemptsLeft(attempts, now),
    lockedUntil: isLocked(attempts, now) ? (attempts?.lockedUntil?.toISOString() ?? null) : null,
    jokers: { used: view.jokersUsed, allowed: jokersAllowed(expectedSegments) },
  };
}

/** The question of the reader's next segment, after every check; never its answer. */
export async function segmentQuestion({
  db,
  segment,
  ...ids
}: Ids & { db: Db; segment: number }): Promise<SegmentQuestion> {
  const view = await readPublished(db, ids, segment);
  const now = new Date();
  refuse(
    segmentRefusal({ validated: view.validated, expected: view.book.expectedSegments, segment }),
  );
  refuse(lockRefusal(view.attempts, now));
  if (!view.question) throw new AppError('NO_QUESTION', m.noQuestion);
  if (!view.question.assigned) {
    await validationRepository.assign(db, ids, segment, view.question.id);
  }
  return {
    segment,
    questionId: view.question.id,
    question: view.question.question,
    attemptsLeft: attemptsLeft(view.attempts, now),
  };
}
