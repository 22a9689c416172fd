import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Render once the opened page's code is here (index.html preloads the landing page's), so
// the first paint is the whole page. If it cannot be loaded, render anyway: the page's
// error boundary then offers to reload.
preloadPage(window.location.pathname)
  .catch(() => undefined)
  .finally(() => {
    // A transition lets React render in small slices instead of one long task, so the
    // main thread stays responsive on slow phones while the first page is built.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </StrictMode>,
      );
    });
  });
