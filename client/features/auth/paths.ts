/** Where a reader goes after signing in or up (spec 000 §2); the catalogue issue builds it. */
export const afterSignInPath = '/home';
