export type BuildInfo = {
  version: string;
  builtAt: string;
  /** `builtAt` in French, Paris time (domain/build-time.ts). */
  builtAtLabel: string;
};

/** Version and build instant, fixed at build time by vite.config.ts. */
// Outside a Vite build (the server's tests render pages from the sources) they are unset.
export const buildInfo: BuildInfo = {
  version: typeof __APP_VERSION__ === 'undefined' ? 'dev' : __APP_VERSION__,
  builtAt: typeof __BUILD_TIME__ === 'undefined' ? '' : __BUILD_TIME__,
  builtAtLabel: typeof __BUILD_TIME_LABEL__ === 'undefined' ? '' : __BUILD_TIME_LABEL__,
};
