/**
 * Where a reader goes after signing in or up (docs/architecture.md#accounts); the catalogue issue
 * builds it.
 */
export const afterSignInPath = '/home';
