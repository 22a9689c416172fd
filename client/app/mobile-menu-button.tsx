import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '../../domain/accounts.schemas';
import { shellMessages } from '../../domain/messages/shell';
import { MenuIcon } from '../components/ui/icons';
import { Spinner } from '../components/ui/spinner';
import { lazyChunk, preloadChunk, useLazyChunk } from '../lib/lazy-chunk';
import { useHydrated } from '../lib/use-hydrated';
import type { NavItem } from './nav-items';

// The menu (Radix Dialog) is only downloaded when a visitor is about to use it.
const menuChunk = lazyChunk(() => import('./mobile-menu'));
const preload = () => preloadChunk(menuChunk);

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
  const menu = useLazyChunk(menuChunk);
  const MobileMenu = menu.module?.MobileMenu;
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
        {...menu.busyProps}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          if (menu.busy) return;
          // Open once its code is here: until then the button says it is busy.
          void menu.request().then((loaded) => loaded && setOpen(true));
        }}
        className={`inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-paper-deep ${className}`}
      >
        {menu.busy ? <Spinner size={24} /> : <MenuIcon size={24} />}
      </button>
      {MobileMenu ? (
        <MobileMenu
          open={open}
          onOpenChange={setOpen}
          items={items}
          user={user}
          returnFocusTo={buttonRef}
        />
      ) : null}
    </>
  );
}
