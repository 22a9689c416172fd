import { navLabels } from '../../domain/messages/shell';
import { appPaths } from '../../domain/screen-paths';
import type { Session } from '../lib/session-store';

export type NavItem = { to: string; label: string };

// Screens of later issues: their paths join domain/screen-paths.ts when they are built.
const primaryItems: readonly NavItem[] = [
  { to: '/home', label: navLabels.home },
  { to: '/explore', label: navLabels.explore },
  { to: '/achievements', label: navLabels.achievements },
  { to: '/reading-list', label: navLabels.readingList },
  { to: '/discover', label: navLabels.discover },
  { to: '/blog', label: navLabels.blog },
  { to: appPaths.about, label: navLabels.about },
  { to: appPaths.press, label: navLabels.press },
];

/**
 * The main navigation, in the product's order (docs/architecture.md#screens): premium members get
 * 'Demander un livre', everyone else (visitors included) 'Premium'.
 */
export function mainNavItems(session: Session): readonly NavItem[] {
  const isPremium = session.status === 'signed-in' && session.user.isPremium;
  return [
    ...primaryItems,
    isPremium
      ? { to: '/request-book', label: navLabels.requestBook }
      : { to: '/premium', label: navLabels.premium },
  ];
}
