import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { offlineApp } from './client/sw/pwa-plugin';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// One instant for both builds (browser and server, scripts/build.ts): the footer shows it,
// and the server's markup must equal the browser's first render.
const buildTime = process.env.LISONS_BUILD_TIME ?? new Date().toISOString();

const routerProd = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Routes are lazy, so the landing chunk would only be requested once the entry has run
 * (a network round trip on a slow phone). Landing is the most visited page: announce its
 * chunk and the two latin fonts its hero needs in index.html so they download in parallel
 * with the entry, and the first paint already uses the right fonts (no layout shift).
 */
function preloadLanding(): Plugin {
  return {
    name: 'lisons:preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tags: HtmlTagDescriptor[] = [];
        const bundle = ctx.bundle ?? {};
        const landing = Object.values(bundle).find(
          (file) =>
            file.type === 'chunk' && file.facadeModuleId?.endsWith('/client/routes/landing.tsx'),
        );
        // The landing chunk and the shared chunks it imports (index.html already has the
        // entry's own imports).
        const chunks = landing?.type === 'chunk' ? [landing.fileName, ...landing.imports] : [];
        for (const fileName of chunks) {
          if (html.includes(`/${fileName}"`)) continue;
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` },
            injectTo: 'head',
          });
        }
        for (const file of Object.values(bundle)) {
          if (
            file.type === 'asset' &&
            /(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/.test(file.fileName)
          ) {
            tags.push({
              tag: 'link',
              attrs: {
                rel: 'preload',
                as: 'font',
                type: 'font/woff2',
                crossorigin: '',
                href: `/${file.fileName}`,
              },
              injectTo: 'head',
            });
          }
        }
        return tags;
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'client',
  // The service worker (issue 18) belongs to the browser's build only.
  plugins: [react(), tailwindcss(), preloadLanding(), ...(isSsrBuild ? [] : [offlineApp()])],
  // react-router's package exports always point at its development build (warnings
  // included); production bundles use its production build: 0.5 KB gzip less.
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProd }] } : {},
  define: {
    __APP_VERSION__: JSON.stringify(`v${pkg.version}`),
    __BUILD_TIME__: JSON.stringify(buildTime),
  },
  // `vite build --ssr entry-server.tsx`: the same components for the server's render of
  // public pages (decision 030), into dist/server; packages stay in node_modules.
  build: isSsrBuild
    ? { outDir: '../dist/server', emptyOutDir: true, copyPublicDir: false, target: 'node22' }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        manifest: true,
        modulePreload: { polyfill: false },
        target: 'es2022',
      },
  server: {
    // Everything the server answers outside the client's own files (the API and its live
    // stream, covers, photos, the e-mail unsubscribe page).
    proxy: Object.fromEntries(
      ['/api', '/covers', '/avatars', '/unsubscribe'].map((path) => [
        path,
        'http://localhost:3000',
      ]),
    ),
  },
}));
