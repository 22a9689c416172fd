import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { shellMessages } from '../../domain/messages/shell';

// sonner reads its colours from these variables: paper and ink instead of its white.
const paperTheme = {
  '--normal-bg': 'var(--color-paper)',
  '--normal-text': 'var(--color-ink)',
  '--normal-border': 'var(--color-line)',
  fontFamily: 'var(--font-sans)',
} as CSSProperties;

// Below the header's first row (h-16 in header.tsx), where the bell and the avatar sit: a
// toast never covers them for its seconds on screen, on phones (full width) as on desktops.
const belowHeader = 'calc(4rem + 0.75rem)';

/**
 * Toasts of the app, top right (docs/architecture.md#screens). Lazy-loaded off the landing page.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      offset={{ top: belowHeader }}
      mobileOffset={{ top: belowHeader }}
      visibleToasts={3}
      duration={4000}
      theme="light"
      style={paperTheme}
      containerAriaLabel={shellMessages.toastsLabel}
      toastOptions={{ closeButtonAriaLabel: shellMessages.closeToast }}
    />
  );
}
