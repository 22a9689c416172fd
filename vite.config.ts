import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

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

export default defineConfig(({ command }) => ({
  root: 'client',
  plugins: [react(), tailwindcss(), preloadLanding()],
  // react-router's package exports always point at its development build (warnings
  // included); production bundles use its production build: 0.5 KB gzip less.
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProd }] } : {},
  define: {
    __APP_VERSION__: JSON.stringify(`v${pkg.version}`),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
