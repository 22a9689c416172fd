/**
 * The paths of the app's screens, shared by the browser router and the server. The server
 * answers 200 with the app shell for these paths and 404 (with the same shell, which then
 * shows 'Page introuvable') for any other path, so crawlers and monitors see true statuses.
 * Add a path here in the same change that adds its screen.
 */
export const appPaths = {
  landing: '/',
  landingAlias: '/landing',
  about: '/a-propos',
  press: '/presse',
  privacy: '/legal/privacy',
  terms: '/legal/terms',
  auth: '/auth',
  resetPassword: '/reset-password',
  profile: '/profile',
  profileOf: '/profile/:userId',
  profileShort: '/u/:userId',
  home: '/home',
  explore: '/explore',
  search: '/search',
  book: '/books/:ref',
  bookAlias: '/book/:ref',
  readingList: '/reading-list',
  achievements: '/achievements',
  discover: '/discover',
  // /followers/{type}/{userId}, type 'followers' or 'following' (any other is a 404);
  // without userId, the signed-in reader's own list.
  followersOf: '/followers/followers/:userId',
  followingOf: '/followers/following/:userId',
  ownFollowers: '/followers/followers',
  ownFollowing: '/followers/following',
  finishedChat: '/finished-chat/:slug',
  // Reading circles (decision 056): a circle's page, and the join page of an invitation link.
  circle: '/cercles/:id',
  joinCircle: '/cercles/rejoindre/:code',
  // A segment's discussion, open once the reader validated it (decision 054).
  discussion: '/books/:ref/discussions/:segment',
  premium: '/premium',
  requestBook: '/request-book',
  addBook: '/add-book',
  // Readers review the questions others proposed (decision 045); ?book=<id> keeps one book's.
  reviewQuestions: '/review-questions',
  deleteAccount: '/settings/delete-account',
  yearReview: '/bilan/:year',
  importBooks: '/import',
  blog: '/blog',
  blogPage: '/blog/page/:page',
  blogPost: '/blog/:slug',
  // The back office (client/features/admin/admin-nav.ts lists its sections).
  admin: '/admin',
  adminAutoCovers: '/admin/auto-covers',
  adminAudit: '/admin/audit',
  adminBookRequests: '/admin/book-requests',
  adminBlog: '/admin/blog',
  adminJournal: '/admin/journal',
  adminBookQuestions: '/admin/books/:id/questions',
} as const;

export type FollowListType = 'followers' | 'following';

/** A reader's profile: /profile/{id}. */
export function profilePath(id: string): string {
  return `/profile/${encodeURIComponent(id)}`;
}

/** A reader's followers or following list: /followers/{type}/{id}. */
export function followListPath(type: FollowListType, id: string): string {
  return `/followers/${type}/${encodeURIComponent(id)}`;
}

/**
 * Permanent redirects (docs/architecture.md#screens), applied by the server (301) and the client
 * router.
 */
export const redirects: Readonly<Record<string, string>> = {
  '/apropos': appPaths.about,
  '/about': appPaths.about,
  '/a-propos/index.html': appPaths.about,
  '/press': appPaths.press,
  '/presse/index.html': appPaths.press,
  '/blog/page/1': '/blog',
};

const patterns = Object.values(appPaths).map(toRegExp);

/** True when `pathname` (no query string) is a screen of the app. */
export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return patterns.some((re) => re.test(path));
}

// '/books/:id' matches one non-empty segment per parameter.
function toRegExp(path: string): RegExp {
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}$`);
}
