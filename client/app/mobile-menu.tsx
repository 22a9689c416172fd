import { LogOut, X } from 'lucide-react';
import { type ReactNode, type RefObject, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { SessionUser } from '../../domain/accounts.schemas';
import { accountMenuMessages } from '../../domain/messages/accounts';
import { shellMessages } from '../../domain/messages/shell';
import { DialogClose, DialogDescription, DialogFrame, DialogTitle } from '../components/ui/dialog';
import { LogoMark } from '../components/ui/logo';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { accountLinks } from './account-links';
import type { NavItem } from './nav-items';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  [
    'flex min-h-12 items-center rounded-xl px-4 text-lg font-medium transition-colors',
    isActive ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-paper-deep',
  ].join(' ');

/**
 * Left slide-out menu of narrow screens (a modal dialog: focus is trapped inside, Escape
 * and the overlay close it). Lazy-loaded by MobileMenuButton.
 */
export function MobileMenu(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: readonly NavItem[];
  user: SessionUser | null;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  // After following a link, focus belongs to the new page, not to the menu button.
  const navigated = useRef(false);
  const links = (items: readonly NavItem[]) =>
    items.map((item) => (
      <li key={item.to}>
        <NavLink
          to={item.to}
          className={linkClasses}
          onClick={() => {
            navigated.current = item.to !== pathname;
            props.onOpenChange(false);
          }}
        >
          {item.label}
        </NavLink>
      </li>
    ));
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      placement="left"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (!navigated.current) props.returnFocusTo.current?.focus();
        navigated.current = false;
      }}
    >
      <div className="flex h-16 items-center justify-between border-b border-line pr-2 pl-4">
        <DialogTitle className="flex items-center gap-2 font-serif text-xl font-semibold">
          <LogoMark size={28} />
          {shellMessages.menuTitle}
        </DialogTitle>
        <DialogClose
          aria-label={shellMessages.closeMenu}
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-paper-deep"
        >
          <X size={24} />
        </DialogClose>
      </div>
      <DialogDescription className="sr-only">{shellMessages.menuDescription}</DialogDescription>
      <nav aria-label={shellMessages.mainNavLabel} className="p-3">
        <ul className="space-y-1">{links(props.items)}</ul>
      </nav>
      {props.user ? (
        <MobileAccount
          user={props.user}
          links={links(accountLinks(props.user))}
          onSignOut={() => {
            navigated.current = true;
            props.onOpenChange(false);
          }}
        />
      ) : null}
    </DialogFrame>
  );
}

/** The account part of the menu for a signed-in reader: e-mail, Profil, Administration, Déconnexion. */
function MobileAccount(props: { user: SessionUser; links: ReactNode; onSignOut: () => void }) {
  const { signOut, pending } = useSignOut();
  const t = accountMenuMessages;
  return (
    <section aria-labelledby="mobile-account" className="mt-auto border-t border-line p-3">
      <h2 id="mobile-account" className="px-4 pt-1 font-sans">
        <span className="block text-xs font-normal text-ink-soft">{t.signedInAs}</span>
        <span className="block truncate text-sm font-semibold">{props.user.email}</span>
      </h2>
      <ul className="mt-2 space-y-1">
        {props.links}
        <li>
          <button
            type="button"
            disabled={pending}
            onClick={() => {
              props.onSignOut();
              void signOut();
            }}
            className={`${linkClasses({ isActive: false })} w-full gap-3 disabled:opacity-60`}
          >
            <LogOut size={20} aria-hidden="true" />
            {pending ? t.signingOut : t.signOut}
          </button>
        </li>
      </ul>
    </section>
  );
}
