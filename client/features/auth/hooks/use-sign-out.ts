import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { accountMessages as m } from '../../../../domain/messages/accounts';
import { appPaths } from '../../../../domain/screen-paths';
import { HttpError } from '../../../lib/http-error';
import { setSignedOut } from '../../../lib/session-store';
import { clearStorageExcept, storageKeys } from '../../../lib/storage';
import { signOut } from '../api/sign-out';

/** Delay before going to / (docs/architecture.md#accounts). */
export const SIGN_OUT_REDIRECT_MS = 100;

/**
 * Sign-out (docs/architecture.md#accounts): ends the session on the server, says so in a toast,
 * forgets the reader and local storage (the onboarding flag stays), then goes to / after 100 ms.
 * Deliberately without TanStack Query: the header's menus use it on every page.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await signOut();
    } catch (error) {
      toast.error(error instanceof HttpError ? m.signOutFailed : m.signOutUnexpected);
      setPending(false);
      return;
    }
    toast.success(m.signOutSuccess);
    clearStorageExcept([storageKeys.onboardingDone]);
    setSignedOut();
    window.setTimeout(() => navigate(appPaths.landing), SIGN_OUT_REDIRECT_MS);
  }, [navigate]);
  return { signOut: run, pending };
}
