import { Link, NavLink } from 'react-router';
import { shellMessages } from '../../domain/messages/shell';
import { LogoMark } from '../components/ui/logo';
import { useSession } from '../lib/use-session';
import { HeaderAccount } from './header-account';
import { MobileMenuButton } from './mobile-menu-button';
import { mainNavItems } from './nav-items';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  [
    'inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-3 text-sm font-medium transition-colors',
    isActive ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-paper-deep',
  ].join(' ');

/**
 * Sticky header. From 768 px the navigation is shown inline (on a second row below 1280 px,
 * where nine items and the account button do not fit in one); below 768 px it lives in the
 * left slide-out menu.
 */
export function Header() {
  const session = useSession();
  const items = mainNavItems(session);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur-sm">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 px-3 md:px-6">
        <div className="flex h-16 items-center gap-1">
          <MobileMenuButton
            items={items}
            user={session.status === 'signed-in' ? session.user : null}
            className="md:hidden"
          />
          <Link
            to="/home"
            className="flex items-center gap-2 rounded-lg px-1 py-1 font-serif text-2xl font-semibold tracking-tight"
          >
            <LogoMark size={32} />
            Lisons
          </Link>
        </div>
        <nav
          aria-label={shellMessages.mainNavLabel}
          className="order-last hidden w-full pb-2 md:block xl:order-none xl:w-auto xl:flex-1 xl:pb-0"
        >
          <ul className="-mx-3 flex items-center gap-0.5 xl:mx-0 xl:justify-center">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClasses}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex h-16 items-center xl:ml-0">
          <HeaderAccount session={session} />
        </div>
      </div>
    </header>
  );
}
