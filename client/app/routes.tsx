import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { appPaths, redirects } from '../../domain/routes';
import { LazyPage, type PageChunk, pageChunk } from './lazy-page';
import { RootLayout } from './root-layout';

// One chunk per page: a visitor downloads the code of the pages they open, nothing more.
const landingChunk = pageChunk(() => import('../routes/landing').then((m) => m.LandingPage));
const aboutChunk = pageChunk(() => import('../routes/about').then((m) => m.AboutPage));
const pressChunk = pageChunk(() => import('../routes/press').then((m) => m.PressPage));
const privacyChunk = pageChunk(() => import('../routes/privacy').then((m) => m.PrivacyPage));
const termsChunk = pageChunk(() => import('../routes/terms').then((m) => m.TermsPage));
const notFoundChunk = pageChunk(() => import('../routes/not-found').then((m) => m.NotFoundPage));

function page(path: string, chunk: PageChunk): RouteObject {
  return { path, element: <LazyPage chunk={chunk} />, handle: { preload: chunk.preload } };
}

/**
 * The route table. Paths come from domain/routes.ts, which the server reads too (it answers
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
      (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.(),
    ),
  );
}
