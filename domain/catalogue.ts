/**
 * Catalogue constants without zod, so screens can read them without downloading the schema
 * library; books.schemas.ts re-exports them for the server.
 */
export const categories = ['litterature', 'religion', 'essai', 'bio'] as const;
export type Category = (typeof categories)[number];

/** Books per explore page (docs/architecture.md#search). */
export const EXPLORE_PAGE_SIZE = 24;
/** Most results of the home search. */
export const SEARCH_LIMIT = 20;
