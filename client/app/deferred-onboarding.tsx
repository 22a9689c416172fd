import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { appPaths } from '../../domain/screen-paths';
import { afterLoadAndIdle } from '../lib/after-load-idle';
import { readFlag, storageKeys, writeFlag } from '../lib/storage';
import { useSession } from '../lib/use-session';

const loadDialog = () => import('./onboarding-dialog');
const OnboardingDialog = lazy(() => loadDialog().then((m) => ({ default: m.OnboardingDialog })));

// Screens where a visitor came to type (sign in, choose a password): the dialog would hide the
// form from someone already filling it in.
const formScreens: ReadonlySet<string> = new Set([appPaths.auth, appPaths.resetPassword]);

function isFormScreen(pathname: string): boolean {
  return formScreens.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** True when the focus is in a form field: the visitor may be typing. */
export function fieldHasFocus(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    (active.isContentEditable || active.matches('input, textarea, select'))
  );
}

/**
 * Shows the onboarding once to signed-out visitors (docs/architecture.md#screens). Mounted beside
 * the page content, it waits for that content, the load event and an idle
 * moment, so neither its code nor its dialog competes with the first paint. It never opens on
 * /auth or /reset-password, nor while a form field has focus: a visitor who is typing is left
 * alone, and the dialog waits for a later page.
 */
export function DeferredOnboarding() {
  const session = useSession();
  const { pathname } = useLocation();
  const [visible, setVisible] = useState(false);

  // Tried again on each page: a visitor who was typing may see it on the next one.
  useEffect(() => {
    if (
      isFormScreen(pathname) ||
      session.status !== 'signed-out' ||
      readFlag(storageKeys.onboardingDone)
    ) {
      return;
    }
    let cancelled = false;
    const cancel = afterLoadAndIdle(() => {
      // The code first, then the last look at the focus, so nothing comes between the two.
      void loadDialog().then(() => {
        if (cancelled || fieldHasFocus()) return;
        startTransition(() => setVisible(true));
      });
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [pathname, session.status]);

  if (!visible || isFormScreen(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog
        onDone={() => {
          writeFlag(storageKeys.onboardingDone);
          setVisible(false);
        }}
      />
    </Suspense>
  );
}
