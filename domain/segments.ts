/** Pages per segment: each segment is validated by one question. */
export const SEGMENT_PAGES = 30;

/** Expected segments of a book: ceil(pages / 30), at least 1 (spec 000 §9). */
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

/** Reading status derived from validated segments (spec 000 §4, consistency rule). */
export function readingStatus(validated: number, expected: number): ReadingStatus {
  if (validated >= expected && expected > 0) return 'completed';
  return validated > 0 ? 'in_progress' : 'to_read';
}

/** Progress in whole percent, 0 to 100. */
export function progressPercent(validated: number, expected: number): number {
  if (expected <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, validated) / expected) * 100));
}

/** Jokers allowed for a book: floor(expected / 10) + 1, none under 3 segments (spec 000 §9). */
export function jokersAllowed(expected: number): number {
  return expected < 3 ? 0 : Math.floor(expected / 10) + 1;
}
