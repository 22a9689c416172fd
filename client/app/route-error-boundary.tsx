import { Component, type ReactNode } from 'react';
import { shellMessages } from '../../domain/messages/shell';
import { buttonClasses } from '../components/ui/button-styles';

/**
 * Keeps the header and footer on screen when a page fails to render, most often because
 * its code chunk could not be downloaded (offline, or a new version was just deployed).
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-xl px-5 py-20 text-center">
        <h1 className="text-3xl font-semibold">{shellMessages.errorTitle}</h1>
        <p className="mt-4 text-ink-soft">{shellMessages.errorText}</p>
        <button
          type="button"
          className={buttonClasses({ className: 'mt-8' })}
          onClick={() => window.location.reload()}
        >
          {shellMessages.reload}
        </button>
      </div>
    );
  }
}
