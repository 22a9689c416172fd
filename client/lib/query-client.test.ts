import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { retryDelay, shouldRetry } from './retry';

describe('createQueryClient', () => {
  it('uses the client cache defaults (docs/architecture.md#caches)', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.retryDelay).toBe(retryDelay);
  });
});
