import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '../../domain/accounts.schemas';
import { shellMessages } from '../../domain/messages/shell';
import { MenuIcon } from '../components/ui/icons';
import { useHydrated } from '../lib/use-hydrated';
import type { NavItem } from './nav-items';

// The menu (Radix Dialog) is only downloaded when a visitor is about to use it.
const loadMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMenu().then((m) => ({ default: m.MobileMenu })));

/** Hamburger button of narrow screens, opening the left slide-out menu. */
export function MobileMenuButton({
  items,
  user,
  className = '',
}: {
  items: readonly NavItem[];
  user: SessionUser | null;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const hydrated = useHydrated();

  // Any navigation (a menu link, back/forward) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={shellMessages.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!hydrated}
        onPointerEnter={loadMenu}
        onFocus={loadMenu}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className={`inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-paper-deep ${className}`}
      >
        <MenuIcon size={24} />
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={open}
            onOpenChange={setOpen}
            items={items}
            user={user}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
