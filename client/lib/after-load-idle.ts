/** Runs `task` once the page has loaded (at once if it has); returns a canceller. */
export function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => {};
  }
  window.addEventListener('load', task, { once: true });
  return () => window.removeEventListener('load', task);
}

/**
 * Runs `task` once the browser is idle after the page has loaded; returns a canceller. For
 * code a screen will want soon but not for its first render (a dialog's chunk, the onboarding).
 */
export function afterLoadAndIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const cancelLoad = afterLoad(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      // Safari has no requestIdleCallback.
      const handle = window.setTimeout(task, 500);
      cancelIdle = () => window.clearTimeout(handle);
    }
  });
  return () => {
    cancelLoad();
    cancelIdle();
  };
}
