import { useState } from 'react';
import { displayName } from '../../domain/accounts';
import type { SessionUser } from '../../domain/accounts.schemas';
import { shellMessages } from '../../domain/messages/shell';
import { Avatar } from '../components/ui/avatar';
import { Spinner } from '../components/ui/spinner';
import { lazyChunk, preloadChunk, useLazyChunk } from '../lib/lazy-chunk';

// The menu (Radix DropdownMenu, the sign-out flow) is only downloaded when a reader is about
// to use it: the header is on the landing page, whose JavaScript budget is tight.
const menuChunk = lazyChunk(() => import('./account-menu'));
const preload = () => preloadChunk(menuChunk);

export const avatarButtonClasses =
  'inline-flex size-11 items-center justify-center rounded-full hover:ring-2 hover:ring-accent/30 data-[state=open]:ring-2 data-[state=open]:ring-accent/40';

/** The signed-in reader's avatar; pressing it opens the account menu (busy while it downloads). */
export function AccountMenuButton({ user }: { user: SessionUser }) {
  const [requested, setRequested] = useState(false);
  const menu = useLazyChunk(menuChunk);
  const name = displayName(user);
  const Loaded = requested ? menu.module?.AccountMenu : undefined;
  if (Loaded) return <Loaded user={user} name={name} />;
  return (
    <button
      type="button"
      aria-label={shellMessages.accountMenu}
      aria-haspopup="menu"
      aria-expanded={false}
      {...menu.busyProps}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => {
        if (menu.busy) return;
        setRequested(true);
        void menu.request();
      }}
      className={avatarButtonClasses}
    >
      {menu.busy ? <Spinner size={22} className="text-accent" /> : <Avatar name={name} />}
    </button>
  );
}
