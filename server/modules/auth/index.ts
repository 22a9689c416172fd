// The auth module's public surface: what other modules may use (decision 039).

export type { Auth } from './auth';
export { authReaderData } from './auth.reader-data';
export { readersSql } from './auth.sql';
export { clearedSessionCookie, passwordCheckLimit, passwordMatches } from './password-check';
export { emailOf, readerContacts, readerExists, setPremiumFlags } from './premium-flags';
export { toSessionUser } from './session';
export { findPublicReader, setAvatarUrl, setUsername } from './users.repository';
