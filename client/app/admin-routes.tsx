import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { appPaths } from '../../domain/screen-paths';
import { LazyPage, type PageChunk, pageChunk } from './lazy-page';

// The back office's own route table, in its own chunk (client/app/router.tsx mounts it at
// /admin/*): readers and visitors never download the names of its pages' chunks.
const layoutChunk = pageChunk(() => import('../routes/admin-layout').then((m) => m.AdminLayout));
const dashboardChunk = pageChunk(() => import('../routes/admin').then((m) => m.AdminDashboardPage));
const bookQuestionsChunk = pageChunk(() =>
  import('../routes/admin-book-questions').then((m) => m.AdminBookQuestionsPage),
);
const journalChunk = pageChunk(() =>
  import('../routes/admin-journal').then((m) => m.AdminJournalPage),
);
const autoCoversChunk = pageChunk(() =>
  import('../routes/admin-auto-covers').then((m) => m.AdminAutoCoversPage),
);
const auditChunk = pageChunk(() => import('../routes/admin-audit').then((m) => m.AdminAuditPage));
const blogChunk = pageChunk(() => import('../routes/admin-blog').then((m) => m.AdminBlogPage));
const bookRequestsChunk = pageChunk(() =>
  import('../routes/admin-book-requests').then((m) => m.AdminBookRequestsPage),
);
const notFoundChunk = pageChunk(() => import('../routes/not-found').then((m) => m.NotFoundPage));

/** A path of domain/screen-paths.ts, relative to /admin where this table is mounted. */
function relative(path: string): string {
  return path.slice(appPaths.admin.length + 1);
}

function page(path: string, chunk: PageChunk): RouteObject {
  return { path, element: <LazyPage chunk={chunk} />, handle: { preload: chunk.preload } };
}

// The layout (sign-in, the admin gate, the sections' navigation) holds every section.
const adminRoutes: RouteObject[] = [
  {
    element: <LazyPage chunk={layoutChunk} />,
    handle: { preload: layoutChunk.preload },
    children: [
      {
        index: true,
        element: <LazyPage chunk={dashboardChunk} />,
        handle: { preload: dashboardChunk.preload },
      },
      page(relative(appPaths.adminBookQuestions), bookQuestionsChunk),
      page(relative(appPaths.adminJournal), journalChunk),
      page(relative(appPaths.adminAutoCovers), autoCoversChunk),
      page(relative(appPaths.adminAudit), auditChunk),
      page(relative(appPaths.adminBookRequests), bookRequestsChunk),
      page(relative(appPaths.adminBlog), blogChunk),
      // A section not built yet: the gate still applies, then 'Page introuvable'.
      page('*', notFoundChunk),
    ],
  },
];

/** The /admin/* pages. */
export function AdminRoutes() {
  return useRoutes(adminRoutes);
}

/** Loads the code of the /admin page at `pathname`, so the first render shows it whole. */
export async function preloadAdminPage(pathname: string): Promise<void> {
  const inside = pathname.slice(appPaths.admin.length) || '/';
  const matches = matchRoutes(adminRoutes, inside) ?? [];
  await Promise.all(
    matches.map((match) =>
      (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.(),
    ),
  );
}
