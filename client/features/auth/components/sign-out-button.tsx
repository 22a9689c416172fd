import { LogOut } from 'lucide-react';
import { accountMenuMessages as t } from '../../../../domain/messages/accounts';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { useSignOut } from '../hooks/use-sign-out';

/** 'Déconnexion' as a button, for screens (the header's menus have their own item). */
export function SignOutButton() {
  const { signOut, pending } = useSignOut();
  return (
    <button
      type="button"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => void signOut()}
      className={buttonClasses({ variant: 'secondary' })}
    >
      {pending ? <Spinner /> : <LogOut size={18} aria-hidden="true" />}
      {pending ? t.signingOut : t.signOut}
    </button>
  );
}
