// The book-lookup module's public surface (docs/decisions/039-one-way-across-modules.md).
export {
  type BookLookup,
  createBookLookup,
  fetchOfferedCover,
  isOfferedCover,
  type LookupAnswer,
  lookupEditions,
  MAX_QUERY_LENGTH,
} from './book-lookup';
export type { LookupFailureKind } from './open-library';
export type { LookupEdition } from './open-library.schemas';
