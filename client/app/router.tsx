import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { appPaths, redirects } from '../../domain/screen-paths';
import { LazyPage, type PageChunk, pageChunk } from './lazy-page';
import { RootLayout } from './root-layout';

// One chunk per page: a visitor downloads the code of the pages they open, nothing more.
const landingChunk = pageChunk(() => import('../routes/landing').then((m) => m.LandingPage));
const aboutChunk = pageChunk(() => import('../routes/about').then((m) => m.AboutPage));
const pressChunk = pageChunk(() => import('../routes/press').then((m) => m.PressPage));
const privacyChunk = pageChunk(() => import('../routes/privacy').then((m) => m.PrivacyPage));
const termsChunk = pageChunk(() => import('../routes/terms').then((m) => m.TermsPage));
const authChunk = pageChunk(() => import('../routes/auth').then((m) => m.AuthPage));
const resetPasswordChunk = pageChunk(() =>
  import('../routes/reset-password').then((m) => m.ResetPasswordPage),
);
const profileChunk = pageChunk(() => import('../routes/profile').then((m) => m.ProfilePage));
const homeChunk = pageChunk(() => import('../routes/home').then((m) => m.HomePage));
const exploreChunk = pageChunk(() => import('../routes/explore').then((m) => m.ExplorePage));
const searchChunk = pageChunk(() => import('../routes/search').then((m) => m.SearchPage));
const bookChunk = pageChunk(() => import('../routes/book').then((m) => m.BookPage));
const readingListChunk = pageChunk(() =>
  import('../routes/reading-list').then((m) => m.ReadingListPage),
);
const achievementsChunk = pageChunk(() =>
  import('../routes/achievements').then((m) => m.AchievementsPage),
);
const yearReviewChunk = pageChunk(() =>
  import('../routes/year-review').then((m) => m.YearReviewPage),
);
const importChunk = pageChunk(() =>
  import('../routes/import-books').then((m) => m.ImportBooksPage),
);
const discoverChunk = pageChunk(() => import('../routes/discover').then((m) => m.DiscoverPage));
const followersChunk = pageChunk(() => import('../routes/followers').then((m) => m.FollowersPage));
const finishedChatChunk = pageChunk(() =>
  import('../routes/finished-chat').then((m) => m.FinishedChatPage),
);
const circleChunk = pageChunk(() => import('../routes/circle').then((m) => m.CirclePage));
const joinCircleChunk = pageChunk(() =>
  import('../routes/join-circle').then((m) => m.JoinCirclePage),
);
const discussionChunk = pageChunk(() =>
  import('../routes/discussion').then((m) => m.DiscussionPage),
);
// The back office: its own route table (client/app/admin-routes.tsx), in its own chunk.
const loadAdmin = () => import('./admin-routes');
const adminChunk = pageChunk(() => loadAdmin().then((m) => m.AdminRoutes));
const blogListChunk = pageChunk(() => import('../routes/blog').then((m) => m.BlogListPage));
const blogPostChunk = pageChunk(() => import('../routes/blog-post').then((m) => m.BlogPostPage));
const premiumChunk = pageChunk(() => import('../routes/premium').then((m) => m.PremiumPage));
const requestBookChunk = pageChunk(() =>
  import('../routes/request-book').then((m) => m.RequestBookPage),
);
const addBookChunk = pageChunk(() => import('../routes/add-book').then((m) => m.AddBookPage));
const reviewQuestionsChunk = pageChunk(() =>
  import('../routes/review-questions').then((m) => m.ReviewQuestionsPage),
);
const deleteAccountChunk = pageChunk(() =>
  import('../routes/delete-account').then((m) => m.DeleteAccountPage),
);
const notFoundChunk = pageChunk(() => import('../routes/not-found').then((m) => m.NotFoundPage));

function page(path: string, chunk: PageChunk): RouteObject {
  return { path, element: <LazyPage chunk={chunk} />, handle: { preload: chunk.preload } };
}

/**
 * The route table. Paths come from domain/screen-paths.ts, which the server reads too (it answers
 * 200 for these paths, 404 for the rest, and the same redirects with a 301).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      page(appPaths.landing, landingChunk),
      page(appPaths.landingAlias, landingChunk),
      page(appPaths.about, aboutChunk),
      page(appPaths.press, pressChunk),
      page(appPaths.privacy, privacyChunk),
      page(appPaths.terms, termsChunk),
      page(appPaths.auth, authChunk),
      page(appPaths.resetPassword, resetPasswordChunk),
      page(appPaths.profile, profileChunk),
      page(appPaths.profileOf, profileChunk),
      page(appPaths.profileShort, profileChunk),
      page(appPaths.home, homeChunk),
      page(appPaths.explore, exploreChunk),
      page(appPaths.search, searchChunk),
      page(appPaths.book, bookChunk),
      page(appPaths.bookAlias, bookChunk),
      page(appPaths.readingList, readingListChunk),
      page(appPaths.achievements, achievementsChunk),
      page(appPaths.yearReview, yearReviewChunk),
      page(appPaths.importBooks, importChunk),
      page(appPaths.discover, discoverChunk),
      page(appPaths.followersOf, followersChunk),
      page(appPaths.followingOf, followersChunk),
      page(appPaths.ownFollowers, followersChunk),
      page(appPaths.ownFollowing, followersChunk),
      page(appPaths.finishedChat, finishedChatChunk),
      page(appPaths.joinCircle, joinCircleChunk),
      page(appPaths.circle, circleChunk),
      page(appPaths.discussion, discussionChunk),
      page(appPaths.premium, premiumChunk),
      page(appPaths.requestBook, requestBookChunk),
      page(appPaths.addBook, addBookChunk),
      page(appPaths.reviewQuestions, reviewQuestionsChunk),
      page(appPaths.deleteAccount, deleteAccountChunk),
      page(appPaths.blog, blogListChunk),
      page(appPaths.blogPage, blogListChunk),
      page(appPaths.blogPost, blogPostChunk),
      {
        path: `${appPaths.admin}/*`,
        element: <LazyPage chunk={adminChunk} />,
        handle: {
          preload: (pathname: string) =>
            Promise.all([
              adminChunk.preload(),
              loadAdmin().then((m) => m.preloadAdminPage(pathname)),
            ]),
        },
      },
      ...Object.entries(redirects).map(([from, to]) => ({
        path: from,
        element: <Navigate to={to} replace />,
      })),
      page('*', notFoundChunk),
    ],
  },
];

/** Loads the code of the page at `pathname`, so the first render can show it whole. */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) =>
      (match.route.handle as { preload?: (at: string) => Promise<unknown> } | undefined)?.preload?.(
        pathname,
      ),
    ),
  );
}
