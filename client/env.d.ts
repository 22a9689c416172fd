/// <reference types="vite/client" />

/** Package version with a 'v' prefix (e.g. 'v0.1.0'), set by vite.config.ts at build time. */
declare const __APP_VERSION__: string;
/** ISO 8601 UTC instant of the build, set by vite.config.ts. */
declare const __BUILD_TIME__: string;
/** That instant in French, Paris time ('22 novembre 2026 à 08:40'), set by vite.config.ts. */
declare const __BUILD_TIME_LABEL__: string;
