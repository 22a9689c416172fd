import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { validationStateKey } from './get-validation-state';
import { refreshAfterValidation } from './refresh-after-validation';

describe('refreshAfterValidation', () => {
  it('refetches what a validated segment changes: book pages, list, state, profiles, feed and friends', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    refreshAfterValidation(client, 'book-1');
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        queryKeys.books,
        queryKeys.readingList,
        validationStateKey('book-1'),
        queryKeys.profiles,
        queryKeys.feed,
        queryKeys.friends,
      ]),
    );
  });
});
