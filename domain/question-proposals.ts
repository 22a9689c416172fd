import { isCorrectAnswer, normalizeAnswer } from './answers';

// Readers propose the question of a segment and review others' (decision 045): the rules the
// server enforces and the screens explain.

/** XP for a question once published (the segment's own XP comes with it, decision 045). */
export const QUESTION_XP = 20;
/** Questions one reader may propose in 24 hours. */
export const PROPOSALS_PER_DAY = 20;
/** The level from which a reader reviews the questions of segments they have read (default). */
export const REVIEWER_LEVEL_DEFAULT = 3;
/** Readers' approvals that publish a question (with no rejection), and rejections that refuse it. */
export const READER_APPROVALS_TO_PUBLISH = 2;
export const READER_REJECTIONS_TO_REFUSE = 2;
/** The longest « where the answer is » a reader writes. */
export const LOCATION_MAX = 80;
/** Questions of the review queue per page. */
export const REVIEW_PAGE_SIZE = 20;

export const rejectionReasonCodes = [
  'ambiguous',
  'guessable',
  'outside',
  'error',
  'duplicate',
] as const;
export type RejectionReason = (typeof rejectionReasonCodes)[number];

/** Why a reader reports a question they were asked (« Signaler cette question »). */
export const reportReasonCodes = ['ambiguous', 'outside', 'error', 'offensive'] as const;
export type ReportReason = (typeof reportReasonCodes)[number];

/** What a question's figures must reach for it to leave its pool (decision 047). */
export const QUALITY = { minFirstAttempts: 20, minFirstTryShare: 0.25, reports: 3 } as const;

export type QuestionFigures = {
  /** Readers who answered it at least once (validated, or failing so far). */
  attempts: number;
  /** Of them, right at the first answer without a joker. */
  firstTry: number;
  jokers: number;
  reports: number;
};

/**
 * True when a question's figures say it fails readers: at least 20 first attempts with under
 * 25 % right at the first try, or 3 reports. The caller keeps it when it is its pool's last.
 */
export function leavesPool(f: QuestionFigures): boolean {
  if (f.reports >= QUALITY.reports) return true;
  return (
    f.attempts >= QUALITY.minFirstAttempts && f.firstTry < f.attempts * QUALITY.minFirstTryShare
  );
}

export type ReviewVerdict = { verdict: 'approve' | 'reject'; asAdmin: boolean };
export type QuestionOutcome = 'pending' | 'approved' | 'rejected';

/**
 * Where a proposed question stands after its reviews (in the order given): the first
 * administrator's verdict decides; otherwise two readers' approvals with no rejection publish
 * it, two rejections refuse it, and anything else waits (a split goes to an administrator).
 */
export function reviewOutcome(reviews: readonly ReviewVerdict[]): QuestionOutcome {
  const admin = reviews.find((r) => r.asAdmin);
  if (admin) return admin.verdict === 'approve' ? 'approved' : 'rejected';
  const approvals = reviews.filter((r) => r.verdict === 'approve').length;
  const rejections = reviews.length - approvals;
  if (rejections >= READER_REJECTIONS_TO_REFUSE) return 'rejected';
  if (approvals >= READER_APPROVALS_TO_PUBLISH && rejections === 0) return 'approved';
  return 'pending';
}

/** The words of a text, folded as answers are (so « Éléphants » holds « elephants »). */
function foldedWords(text: string): Set<string> {
  return new Set(
    normalizeAnswer(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}

/**
 * True when the one-word answer can be read in the book's title, author or presentation (as
 * an answer is checked: a plural s or x counts): such a question is answered without reading.
 */
export function answerInBook(
  answer: string,
  book: { title: string; author: string; description: string | null },
): boolean {
  const word = normalizeAnswer(answer);
  if (!word) return false;
  const words = foldedWords(`${book.title} ${book.author} ${book.description ?? ''}`);
  return [...words].some((w) => isCorrectAnswer(w, word));
}

/** Two questions are the same once folded (case, accents, punctuation around). */
export function sameQuestion(a: string, b: string): boolean {
  return normalizeAnswer(a) === normalizeAnswer(b);
}

/** A reader may propose a question on a segment they have reached: read, or the next one. */
export function segmentReached(p: { validated: number; expected: number; segment: number }) {
  return p.segment >= 1 && p.segment <= Math.min(p.validated + 1, p.expected);
}
