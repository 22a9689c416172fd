import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { retryDelay, shouldRetry } from './retry';

describe('createQueryClient', () => {
  it('uses the defaults of spec 000 §9', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.retryDelay).toBe(retryDelay);
  });
});
