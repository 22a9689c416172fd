import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker's build (decision 032): client/sw/sw.ts compiled to
 * dist/client/sw.js with the list of files to precache injected. Only what every reader's
 * first screens need is precached: the shell, the offline page, the scripts and styles, the
 * latin fonts and the icons; other font subsets and the press kit load on demand.
 * The page registers the worker itself (client/app/service-worker.ts), lazily, so the
 * landing page's JavaScript does not grow; the manifest stays client/public's own.
 */
export function offlineApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: [
        'index.html',
        'offline.html',
        'theme.js',
        'favicon.svg',
        'icon-192.png',
        'assets/*.{js,css}',
        'assets/*-latin-*.woff2',
      ],
      // Back-office screens are for admins only: loaded from the network when opened.
      globIgnores: ['assets/admin*'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
  });
}
