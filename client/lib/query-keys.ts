/**
 * Query keys shared between features (features never import each other): the reading list
 * changes what a book page, the catalogue and the insights show, so its writes invalidate
 * their keys without importing their code; a follow or a block (community) changes what a
 * profile page (profiles) shows; a new cover (admin) shows in the catalogue; the account
 * screen reads the premium state. A key only one feature uses stays in that feature.
 */
export const queryKeys = {
  readingList: ['reading-list'] as const,
  /**
   * Every book page (prefix of `book(ref)`), and what each offers the reader to propose or review
   * (the question-proposals feature's key starts so): a validation refreshes both.
   */
  books: ['book'] as const,
  book: (ref: string) => ['book', ref] as const,
  /** Every search (prefix of `search(q)`). */
  searches: ['search'] as const,
  search: (q: string, ready = false) => ['search', q, ready] as const,
  /** Every explore page (prefix of `explore(params)`). */
  explores: ['explore'] as const,
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
  /**
   * Every friends query: my friend streaks and quest, and each reader's friend streaks on their
   * profile (prefix of both). A validation moves them, a follow or a block may too.
   */
  friends: ['friends'] as const,
  /** Every insights query: calendar, goals, year reviews (the insights feature's keys start so). */
  insights: ['insights'] as const,
  /** GET /api/premium/me, the reader's premium state. */
  premiumMe: ['premium-me'] as const,
  /**
   * Every back-office query whose key starts with 'admin': the covers still to draw (admin)
   * and the blog's posts (blog). The books list is 'admin-books', outside it.
   */
  admin: ['admin'] as const,
};
