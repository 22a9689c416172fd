import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { readFlag, storageKeys, writeFlag } from '../lib/storage';
import { useSession } from '../lib/use-session';

const OnboardingDialog = lazy(() =>
  import('./onboarding-dialog').then((m) => ({ default: m.OnboardingDialog })),
);

/** Runs `task` once the browser is idle after the page has loaded; returns a canceller. */
function afterLoadAndIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      // Safari has no requestIdleCallback.
      const handle = window.setTimeout(task, 500);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/**
 * Shows the onboarding once to signed-out visitors (docs/architecture.md#screens). Mounted beside
 * the page content, it waits for that content, the load event and an idle moment, so neither its
 * code nor its dialog competes with the first paint.
 */
export function DeferredOnboarding() {
  const session = useSession();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (session.status !== 'signed-out' || readFlag(storageKeys.onboardingDone)) return;
    // As a transition, mounting the dialog never blocks the main thread for long.
    return afterLoadAndIdle(() => startTransition(() => setVisible(true)));
  }, [session.status]);

  if (!visible) return null;
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
