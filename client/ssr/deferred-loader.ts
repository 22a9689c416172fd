import type { DeferredLoad } from '../../domain/deferred-load';

// A page rendered by the server reads before the app's code runs (decision 034): the server
// lists in #lisons-deferred (`deferredLoadId`) what it leaves out of the document (the entry
// and its chunks, the rest of the utilities, the web fonts). Once the page has painted, this
// requests them, so that none of them competes with the page for its paint.
//
// The build inlines this function into index.html (vite.config.ts, `inlineDeferredLoader`),
// called with the element's id: it runs before any module, so it imports nothing at run time
// and must stay self-contained (types only).

/** Longest wait for the load event after the first paint: an image that never ends. */
export const loadEventCapMs = 3000;

/** Starts the deferred downloads of the page, if the server listed any under `id`. */
export function loadDeferred(id: string): void {
  const deferred = document.getElementById(id);
  if (!deferred) return;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    const { entry, modules, styles, fonts } = JSON.parse(
      deferred.textContent ?? '',
    ) as DeferredLoad;
    const add = (tag: string, properties: Record<string, string>) =>
      document.head.append(Object.assign(document.createElement(tag), properties));
    // The rest of the utilities (the page came with what its markup needs of them).
    if (styles) add('link', { rel: 'stylesheet', href: styles });
    // The fonts are added once all are here: the text is laid out again once, not twice.
    const faces = fonts.map((face) => new FontFace(face.family, face.source, face.descriptors));
    Promise.allSettled(faces.map((face) => face.load())).then(() => {
      for (const face of faces) if (face.status === 'loaded') document.fonts.add(face);
    });
    // The chunks download together, behind any image still coming; none runs before the
    // entry.
    for (const href of modules) add('link', { rel: 'modulepreload', href, fetchPriority: 'low' });
    // In a task of its own: the main thread is never held long.
    setTimeout(() => add('script', { type: 'module', src: entry }));
  };
  // Once the page is on screen with its images (its first contentful paint, then its load
  // event: the code does not compete with the images for the network; `loadEventCapMs` at
  // most), or at once where that cannot be known or will not come soon (a page opened in the
  // background paints nothing).
  const painted = () => {
    if (document.readyState === 'complete') return load();
    window.addEventListener('load', load, { once: true });
    setTimeout(load, loadEventCapMs);
  };
  if (
    document.visibilityState === 'hidden' ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    load();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    painted();
  });
  observer.observe({ type: 'paint', buffered: true });
}
