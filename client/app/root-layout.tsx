import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { shellMessages } from '../../domain/messages/shell';
import { appPaths } from '../../domain/screen-paths';
import { DeferredOnboarding } from './deferred-onboarding';
import { Footer } from './footer';
import { Header } from './header';
import { RouteErrorBoundary } from './route-error-boundary';

// sonner is only downloaded on pages that can show toasts (not the landing page). Once
// loaded it stays mounted, so a toast raised just before going to / (the sign-out's
// 'Déconnexion réussie') stays readable there.
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

const landingPaths: ReadonlySet<string> = new Set([appPaths.landing, appPaths.landingAlias]);

function isLanding(pathname: string): boolean {
  return landingPaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

/** After a client-side navigation: back to the top, focus on the new page's content. */
function useNavigationFocus(main: RefObject<HTMLElement | null>, pathname: string) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The app shell: skip link, sticky header, the page, footer, toasts and onboarding. */
export function RootLayout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useNavigationFocus(main, pathname);
  const [toaster, setToaster] = useState(!isLanding(pathname));
  if (!toaster && !isLanding(pathname)) setToaster(true);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenu"
        className="sr-only z-50 rounded-full bg-ink px-5 py-3 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {shellMessages.skipLink}
      </a>
      {/* Header, page and footer are Suspense boundaries of their own (nothing in the header
          or the footer suspends outside its own): React hydrates and commits each apart, in
          three shorter tasks instead of one long one (decision 034). */}
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      {/* At least one screen tall, so the footer never jumps while a page chunk loads. */}
      <main id="contenu" ref={main} tabIndex={-1} className="min-h-svh flex-1 outline-none">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={null}>
            <Outlet />
            <DeferredOnboarding />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {toaster ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </div>
  );
}
