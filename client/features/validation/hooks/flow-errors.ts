import { offlineMessages } from '../../../../domain/messages/offline';
import { HttpError } from '../../../lib/http-error';
import { isOfflineFailure } from '../../../lib/offline';

/**
 * What the flow does with a refused request:
 * - `done`: nothing left to do on this segment (already validated, book finished): an info
 *   toast, the flow ends and the page is refreshed;
 * - `locked`: the segment is locked until `lockedUntil`: the countdown shows;
 * - `final`: the request cannot succeed as is (no question, not the next segment, signed
 *   out, joker refused…): an error toast and the flow ends (or the lock, after a joker);
 * - `retry`: it may work again (too many requests, server or network trouble): the message
 *   stays in the open modal.
 */
export type FlowFailure =
  | { kind: 'done'; message: string }
  | { kind: 'locked'; message: string; lockedUntil: string }
  | { kind: 'final'; message: string }
  | { kind: 'retry'; message: string };

const DONE_CODES: ReadonlySet<string> = new Set(['ALREADY_VALIDATED', 'BOOK_FINISHED']);

/** Sorts a failure; `fallback` is the spec's text for one without a server message. */
export function classifyFailure(error: unknown, fallback: string): FlowFailure {
  if (isOfflineFailure(error)) return { kind: 'retry', message: offlineMessages.networkNeeded };
  if (!(error instanceof HttpError)) return { kind: 'retry', message: fallback };
  const { code, message, status } = error;
  if (code && DONE_CODES.has(code)) return { kind: 'done', message };
  if (code === 'SEGMENT_LOCKED') {
    const until = lockedUntilOf(error.details);
    if (until) return { kind: 'locked', message, lockedUntil: until };
  }
  if (status === 429) return { kind: 'retry', message };
  if (status >= 500) return { kind: 'retry', message: fallback };
  return { kind: 'final', message };
}

function lockedUntilOf(details: unknown): string | null {
  if (typeof details !== 'object' || details === null || !('lockedUntil' in details)) return null;
  const until = (details as { lockedUntil: unknown }).lockedUntil;
  return typeof until === 'string' && !Number.isNaN(Date.parse(until)) ? until : null;
}
