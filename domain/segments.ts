import { validationMessages as m } from './messages/validation';

/** Pages per segment: each segment is validated by one question. */
export const SEGMENT_PAGES = 30;

/** Expected segments of a book: ceil(pages / 30), at least 1 (docs/architecture.md#segments). */
export function expectedSegments(totalPages: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalPages) / SEGMENT_PAGES));
}

/** First and last page of segment n (1-based): 30 × (n − 1) + 1 to 30 × n, capped at the book. */
export function segmentPages(n: number, totalPages: number): { from: number; to: number } {
  return { from: SEGMENT_PAGES * (n - 1) + 1, to: Math.min(SEGMENT_PAGES * n, totalPages) };
}

/** Current page once `validated` segments are done: min(30 × n, total pages). */
export function pagesRead(validated: number, totalPages: number): number {
  return Math.min(SEGMENT_PAGES * Math.max(0, validated), Math.max(0, totalPages));
}

/** The three states of a book in a reader's list, in the order a reader moves through them. */
export const READING_STATUSES = ['to_read', 'in_progress', 'completed'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/**
 * Reading status derived from validated segments
 * (docs/architecture.md#reading-status-and-progress).
 */
export function readingStatus(validated: number, expected: number): ReadingStatus {
  if (validated >= expected && expected > 0) return 'completed';
  return validated > 0 ? 'in_progress' : 'to_read';
}

/**
 * Which segment a reader may validate: only the next one (validated + 1), never one already
 * validated, nothing once the book is finished. Null when `segment` is the next one.
 */
export function segmentRefusal({
  validated,
  expected,
  segment,
}: {
  validated: number;
  expected: number;
  segment: number;
}) {
  if (validated >= expected) return { code: 'BOOK_FINISHED', message: m.alreadyFinished } as const;
  if (segment <= validated) {
    return { code: 'ALREADY_VALIDATED', message: m.alreadyValidated } as const;
  }
  if (segment !== validated + 1) {
    return { code: 'SEGMENT_NOT_NEXT', message: m.segmentUndetermined } as const;
  }
  return null;
}

/** The segment a reader validates next, or the last one once the book is finished. */
export function nextSegment(validated: number, expected: number): number {
  return validated >= expected ? expected : validated + 1;
}

/** Progress in whole percent, 0 to 100. */
export function progressPercent(validated: number, expected: number): number {
  if (expected <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, validated) / expected) * 100));
}
