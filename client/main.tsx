import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { afterLoad } from './lib/after-load-idle';

// Zod would probe `new Function` to compile its parsers; our CSP forbids eval, so the probe
// is refused and reported as a violation on every page that parses (Lighthouse's
// best-practices). Its plain parsers are fast enough for the browser's few answers. Zod
// keeps its configuration on this global (zod/v4/core, `config`) and is only loaded later,
// by the pages' chunks: importing its `config` here would add 3.5 KB to every page.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

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
    // In a transition, hydration yields to the browser between small slices instead of
    // holding the main thread for the whole page (total blocking time, decision 034).
    if (root.firstElementChild) {
      startTransition(() => {
        hydrateRoot(root, app);
      });
      return;
    }
    // A transition lets React render in small slices instead of one long task, so the
    // main thread stays responsive on slow phones while the first page is built.
    startTransition(() => {
      createRoot(root).render(app);
    });
  });

// The offline app and its update prompt (decision 032): registered once the page has loaded,
// from its own small chunk, so the first screen's JavaScript and network are untouched. A
// page rendered by the server starts this module after its first paint (decision 034),
// usually once it has loaded already.
if (import.meta.env.PROD) {
  afterLoad(() => {
    void import('./app/service-worker')
      .then((m) => m.registerServiceWorker())
      .catch(() => undefined);
  });
}
