/**
 * Query keys shared between features: the reading list changes what a book page and the
 * catalogue show, so its writes invalidate their keys without importing their code; a
 * follow or a block (community) changes what a profile page (profiles) shows.
 */
export const queryKeys = {
  readingList: ['reading-list'] as const,
  /** Every book page (prefix of `book(ref)`). */
  books: ['book'] as const,
  book: (ref: string) => ['book', ref] as const,
  search: (q: string, ready = false) => ['search', q, ready] as const,
  explore: (params: { cat: string; q: string; page: number; sort: string; ready: boolean }) =>
    ['explore', params] as const,
  /** Every profile page (prefix of `profile(id)`). */
  profiles: ['profile'] as const,
  /** GET /api/profiles/:id, the whole profile page of one reader. */
  profile: (id: string) => ['profile', id] as const,
  /** Every followers and following list (prefix of `followList`). */
  followLists: ['follow-list'] as const,
  followList: (type: 'followers' | 'following', id: string) => ['follow-list', type, id] as const,
  blocks: ['blocks'] as const,
  /** The discover page: feed, suggestions and statistics (prefix of the three). */
  discover: ['discover'] as const,
  feed: ['discover', 'feed'] as const,
  suggestions: ['discover', 'readers'] as const,
  communityStats: ['discover', 'stats'] as const,
};
