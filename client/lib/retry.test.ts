import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { isTransientError, retryDelay, shouldRetry } from './retry';

const http = (status: number) => new HttpError({ status, message: 'Erreur' });

describe('isTransientError', () => {
  it.each([429, 500, 503])('retries HTTP %i', (status) => {
    expect(isTransientError(http(status))).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry HTTP %i', (status) => {
    expect(isTransientError(http(status))).toBe(false);
  });

  it('retries a network failure (fetch rejects with a TypeError)', () => {
    expect(isTransientError(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('retries a timeout but not a cancelled request', () => {
    expect(isTransientError(new DOMException('délai dépassé', 'TimeoutError'))).toBe(true);
    expect(isTransientError(new DOMException('annulé', 'AbortError'))).toBe(false);
  });

  it('does not retry other errors or thrown values', () => {
    expect(isTransientError(new Error('boum'))).toBe(false);
    expect(isTransientError('boum')).toBe(false);
    expect(isTransientError(undefined)).toBe(false);
  });
});

describe('shouldRetry', () => {
  it('allows 3 retries of a transient error, not a 4th', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, http(503)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('never retries a final error', () => {
    expect(shouldRetry(0, http(404))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('waits 1 s, then doubles', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([1000, 2000, 4000]);
  });
});
