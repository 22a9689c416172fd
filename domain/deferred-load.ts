// What a page rendered on the server lists for after its first paint (decision 034), shared
// by the server that writes the list, the loader that reads it and the build that inlines the
// loader (vite.config.ts loads this file as it is: it imports nothing).

/**
 * The element holding what the deferred loader (client/ssr/deferred-loader.ts, inlined into
 * index.html by the build) starts once a page rendered on the server has painted: nothing of
 * it is requested before that paint.
 */
export const deferredLoadId = 'lisons-deferred';

/** A web font's face as `new FontFace(family, source, descriptors)` takes it. */
export type FontFaceData = { family: string; source: string; descriptors: Record<string, string> };

/** The content of #lisons-deferred (`deferredLoadId`). */
export type DeferredLoad = {
  /** The app's entry script. */
  entry: string;
  /** Its imports and the screen's chunks, preloaded at low priority. */
  modules: readonly string[];
  /** The utilities' stylesheet (the page came with the part its markup needs), or null. */
  styles: string | null;
  /** The web fonts' faces: the page paints in local fallback faces shaped like them. */
  fonts: readonly FontFaceData[];
};
