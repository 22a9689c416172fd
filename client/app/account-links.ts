import type { SessionUser } from '../../domain/accounts.schemas';
import { accountMenuMessages as t } from '../../domain/messages/accounts';
import { questionProposalsMessages } from '../../domain/messages/question-proposals';
import { appPaths } from '../../domain/screen-paths';
import type { NavItem } from './nav-items';

/**
 * The account entries of the avatar menu and the mobile menu (docs/architecture.md#screens):
 * 'Profil', 'Relire des questions' (decision 045), and 'Administration' for administrators only.
 * Imported by those lazy menus only.
 */
export function accountLinks(user: Pick<SessionUser, 'isAdmin'>): readonly NavItem[] {
  return [
    { to: appPaths.profile, label: t.profile },
    { to: appPaths.reviewQuestions, label: questionProposalsMessages.reviewMenu },
    ...(user.isAdmin ? [{ to: '/admin', label: t.admin }] : []),
  ];
}
