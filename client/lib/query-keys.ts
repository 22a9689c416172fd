/**
 * Query keys shared between features: the reading list changes what a book page and the
 * catalogue show, so its writes invalidate their keys without importing their code.
 */
export const queryKeys = {
  readingList: ['reading-list'] as const,
  /** Every book page (prefix of `book(ref)`). */
  books: ['book'] as const,
  book: (ref: string) => ['book', ref] as const,
  search: (q: string) => ['search', q] as const,
  explore: (params: { cat: string; q: string; page: number; sort: string }) =>
    ['explore', params] as const,
};
