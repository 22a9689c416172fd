import { adminShellMessages as t } from '../../../domain/messages/admin';
import { appPaths } from '../../../domain/screen-paths';

export type AdminNavItem = { to: string; label: string };

/**
 * The sections of the back office, in the order of the admin navigation
 * (docs/architecture.md#back-office). A section's page is a child of the
 * admin layout route in client/app/router.tsx: `page(appPaths.adminX, chunk)`; the gate and
 * this navigation come with the layout.
 */
export const adminNav: readonly AdminNavItem[] = [
  { to: appPaths.admin, label: t.nav.dashboard },
  { to: appPaths.adminAutoCovers, label: t.nav.autoCovers },
  { to: appPaths.adminAudit, label: t.nav.audit },
  { to: appPaths.adminBookRequests, label: t.nav.bookRequests },
  { to: appPaths.adminBlog, label: t.nav.blog },
  { to: appPaths.adminJournal, label: t.nav.journal },
];
