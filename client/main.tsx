import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Render once the opened page's code is here (index.html preloads the landing page's), so
// the first render is the whole page. If it cannot be loaded, render anyway: the page's
// error boundary then offers to reload.
preloadPage(window.location.pathname)
  .catch(() => undefined)
  .finally(() => {
    const app = (
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>
    );
    // A public page came rendered by the server (decision 030): React takes over its markup
    // (the same components, the page's chunk and data already here, so nothing differs).
    if (root.firstElementChild) {
      hydrateRoot(root, app);
      return;
    }
    // A transition lets React render in small slices instead of one long task, so the
    // main thread stays responsive on slow phones while the first page is built.
    startTransition(() => {
      createRoot(root).render(app);
    });
  });

// The offline app and its update prompt (issue 18): registered once the page has loaded,
// from its own small chunk, so the first screen's JavaScript and network are untouched.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./app/service-worker')
      .then((m) => m.registerServiceWorker())
      .catch(() => undefined);
  });
}
