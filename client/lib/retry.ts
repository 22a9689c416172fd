import { HttpError } from './http-error';

/**
 * Retries after a failure (docs/architecture.md#client-timings): up to 3, only for transient
 * errors.
 */
export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 1000;
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 500, 503]);

/**
 * True for errors that may go away on their own: the network failed (fetch rejects with a
 * TypeError), the request timed out, or the server answered 429, 500 or 503. A user-cancelled
 * request (AbortError) and every other status (400, 401, 404…) are final.
 */
export function isTransientError(error: unknown): boolean {
  if (error instanceof HttpError) return TRANSIENT_STATUSES.has(error.status);
  // Also catches code bugs that throw a TypeError: retrying those is harmless.
  if (error instanceof TypeError) return true;
  // AbortSignal.timeout() rejects with a DOMException, not an Error in every environment.
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError'
  );
}

/** TanStack Query `retry` option: `failureCount` is the number of retries already made. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransientError(error);
}

/** TanStack Query `retryDelay` option: 1 s, then 2 s, then 4 s. */
export function retryDelay(failureCount: number): number {
  return BASE_DELAY_MS * 2 ** failureCount;
}
