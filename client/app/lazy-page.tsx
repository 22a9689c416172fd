import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react';

/** A page whose code is a separate chunk. */
export type PageChunk = {
  /** Downloads the page's code; once done, the page renders without suspending. */
  preload: () => Promise<void>;
  loaded: () => ComponentType | undefined;
  suspending: LazyExoticComponent<ComponentType>;
};

export function pageChunk(load: () => Promise<ComponentType>): PageChunk {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchPage = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  return {
    preload: () => fetchPage().then(() => undefined),
    loaded: () => loaded,
    suspending: lazy(() => fetchPage().then((component) => ({ default: component }))),
  };
}

/**
 * Renders a page chunk. Unlike a bare React.lazy, a chunk loaded before the first render
 * (main.tsx does so for the page being opened) renders at once, so the first paint shows
 * the whole page instead of the header alone and then the content.
 */
export function LazyPage({ chunk }: { chunk: PageChunk }) {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component on a
  // later render would remount the page and lose its state.
  const [Page] = useState<ComponentType>(() => chunk.loaded() ?? chunk.suspending);
  return <Page />;
}
