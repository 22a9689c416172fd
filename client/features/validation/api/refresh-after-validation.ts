import type { QueryClient } from '@tanstack/react-query';
import type { ValidationState } from '../../../../domain/validation.schemas';
import { queryKeys } from '../../../lib/query-keys';
import { validationStateKey } from './get-validation-state';

/**
 * After a segment is validated (or the server says it already was): the book pages (progress,
 * jokers line, congratulation), the reading list, the validation state, the profile pages
 * (progress, tiles, badges), the feed (a finished book or a badge) and the friend streaks and
 * quest (a shared day, a segment towards the quest) are refetched.
 */
export function refreshAfterValidation(client: QueryClient, bookId: string): void {
  void client.invalidateQueries({ queryKey: queryKeys.books });
  void client.invalidateQueries({ queryKey: queryKeys.readingList });
  void client.invalidateQueries({ queryKey: queryKeys.profiles });
  void client.invalidateQueries({ queryKey: queryKeys.feed });
  void client.invalidateQueries({ queryKey: queryKeys.friends });
  void client.invalidateQueries({ queryKey: validationStateKey(bookId) });
}

/** Writes a lock (or its end: null) into the cached state, so reopening shows it at once. */
export function setCachedLock(client: QueryClient, bookId: string, lockedUntil: string | null) {
  client.setQueryData<ValidationState>(validationStateKey(bookId), (state) =>
    state ? { ...state, lockedUntil, attemptsLeft: lockedUntil ? 0 : state.attemptsLeft } : state,
  );
}
