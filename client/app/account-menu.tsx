import * as Menu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import type { SessionUser } from '../../domain/accounts.schemas';
import { accountMenuMessages as t } from '../../domain/messages/accounts';
import { shellMessages } from '../../domain/messages/shell';
import { Avatar } from '../components/ui/avatar';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { accountLinks } from './account-links';
import { avatarButtonClasses } from './account-menu-button';

const itemClasses =
  'flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-xl px-3 text-base font-medium text-ink outline-none select-none data-[disabled]:opacity-60 data-[highlighted]:bg-paper-deep';

/**
 * The avatar menu (docs/architecture.md#screens): the reader's e-mail, Profil, Administration for
 * administrators, Déconnexion. Lazy-loaded by AccountMenuButton, which mounts it open.
 */
export function AccountMenu({ user, name }: { user: SessionUser; name: string }) {
  const { signOut, pending } = useSignOut();
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger aria-label={shellMessages.accountMenu} className={avatarButtonClasses}>
        <Avatar name={name} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-64 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-line bg-paper p-2 shadow-xl outline-none data-[state=open]:animate-fade-in"
        >
          <Menu.Label className="px-3 pt-1 pb-2">
            <span className="block text-xs text-ink-soft">{t.signedInAs}</span>
            <span className="block truncate text-sm font-semibold">{user.email}</span>
          </Menu.Label>
          <Menu.Separator className="my-1 h-px bg-line" />
          {accountLinks(user).map((link) => (
            <Menu.Item key={link.to} asChild className={itemClasses}>
              <Link to={link.to}>{link.label}</Link>
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item
            className={itemClasses}
            disabled={pending}
            onSelect={() => {
              void signOut();
            }}
          >
            <LogOut size={18} aria-hidden="true" />
            {pending ? t.signingOut : t.signOut}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
