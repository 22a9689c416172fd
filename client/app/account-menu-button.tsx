import { lazy, Suspense, useState } from 'react';
import { displayName } from '../../domain/accounts';
import type { SessionUser } from '../../domain/accounts.schemas';
import { shellMessages } from '../../domain/messages/shell';
import { Avatar } from '../components/ui/avatar';

// The menu (Radix DropdownMenu, the sign-out flow) is only downloaded when a reader is about
// to use it: the header is on the landing page, whose JavaScript budget is tight.
const loadMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })));

export const avatarButtonClasses =
  'inline-flex size-11 items-center justify-center rounded-full hover:ring-2 hover:ring-accent/30 data-[state=open]:ring-2 data-[state=open]:ring-accent/40';

/** The signed-in reader's avatar; pressing it opens the account menu. */
export function AccountMenuButton({ user }: { user: SessionUser }) {
  const [requested, setRequested] = useState(false);
  const name = displayName(user);
  const placeholder = (
    <button
      type="button"
      aria-label={shellMessages.accountMenu}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={loadMenu}
      onFocus={loadMenu}
      onClick={() => setRequested(true)}
      className={avatarButtonClasses}
    >
      <Avatar name={name} />
    </button>
  );
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu user={user} name={name} />
    </Suspense>
  );
}
