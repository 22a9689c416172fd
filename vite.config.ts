import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, minify, type Plugin, transformWithOxc } from 'vite';
import { offlineApp } from './client/sw/pwa-plugin.ts';
import { frenchBuildTime } from './domain/build-time.ts';
import { deferredLoadId } from './domain/deferred-load.ts';
import {
  inlineScriptSources,
  type ShellDocument,
  shellDocument,
  shellManifest,
  shellManifestFile,
  type ViteManifest,
} from './domain/shell-manifest.ts';

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
 * Vite wraps every dynamic `import()` in its preload helper, which fetches the imported
 * chunk's dependencies and CSS first. With `modulePreload: false` (decision 033) and one
 * stylesheet for the whole app, every call passes no dependency, yet the helper (about 0.5
 * KB gzip) still sits in the entry, on the landing's budget (decision 005; a known limit of
 * Vite, decision 033). Its virtual module is replaced by one that just imports. Should a lazy
 * chunk ever bring a stylesheet of its own, which only the real helper would load, the build
 * stops.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'lisons:plain-dynamic-imports',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    resolveId: (source) => (source === helper ? helper : null),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();' : null),
    generateBundle(_output, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && !chunk.isEntry && chunk.viteMetadata?.importedCss.size) {
          throw new Error(
            `${chunk.fileName} imports CSS: a lazy chunk's styles need Vite's helper`,
          );
        }
      }
    },
  };
}

/**
 * The build does not preload dynamic imports (`modulePreload: false`, decision 033): a
 * rendered page lists its screen's chunks from the shell manifest instead (decision 037).
 * Here, for the client-only shell (index.html), what every page needs: the entry's own
 * imports, and the two latin fonts of the headings and text, so they download in parallel
 * with the entry and the first paint already uses them (no layout shift).
 */
function preloadShell(): Plugin {
  return {
    name: 'lisons:preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tags: HtmlTagDescriptor[] = [];
        const bundle = ctx.bundle ?? {};
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        for (const fileName of entry?.type === 'chunk' ? entry.imports : []) {
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

/**
 * The theme script (public/theme.js: dark or light before the first paint) inlined into
 * index.html: as a file it was a request that blocked the first render on every page load.
 * The server allows exactly this inline script by its hash, from the shell manifest
 * (`writeShellManifest`, server/plugins/security.ts).
 * offline.html, outside Vite, still loads the file.
 */
function inlineThemeScript(): Plugin {
  const tag = '<script src="/theme.js"></script>';
  return {
    name: 'lisons:inline-theme-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(tag)) throw new Error(`index.html has no ${tag} to inline`);
        const code = readFileSync(new URL('./client/public/theme.js', import.meta.url), 'utf8');
        return html.replace(tag, () => `<script>${code.trim()}</script>`);
      },
    },
  };
}

/** index.html's placeholder for the deferred loader, which the build fills. */
const deferredLoaderTag = '<script data-inline="deferred-loader"></script>';

/**
 * The deferred loader (client/ssr/deferred-loader.ts, typed and unit-tested) inlined into
 * index.html, called with the id the server gives its list (`deferredLoadId`): it must run
 * before any module, in the document itself. Its types are stripped here; it may import
 * nothing at run time. The server allows it by its hash, like the theme script.
 */
function inlineDeferredLoader(): Plugin {
  return {
    name: 'lisons:inline-deferred-loader',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(deferredLoaderTag)) {
          throw new Error(`index.html has no ${deferredLoaderTag} to fill`);
        }
        const file = new URL('./client/ssr/deferred-loader.ts', import.meta.url);
        const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file.pathname, {
          lang: 'ts',
        });
        const body = code.replace(/^export /gm, '').trim();
        if (/^import\s/m.test(body)) throw new Error('the deferred loader imports at run time');
        const call = `loadDeferred(${JSON.stringify(deferredLoadId)});`;
        // Minified: every rendered page carries it.
        const script = await minify('deferred-loader.js', `(() => {\n${body}\n${call}\n})();`);
        return html.replace(deferredLoaderTag, () => `<script>${script.code.trim()}</script>`);
      },
    },
  };
}

/**
 * index.html without its comments (HTML comments, and the comment lines of its inline
 * scripts): they explain the source, and every page the server renders would carry them
 * (about 1.5 KB). After the other plugins, so the theme script's comments go too; the
 * shell manifest hashes the inline scripts of the built file for the server's CSP.
 */
function dropComments(): Plugin {
  return {
    name: 'lisons:drop-comments',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: withoutComments,
    },
  };
}

function withoutComments(html: string): string {
  return html
    .replace(/\s*<!--[\s\S]*?-->/g, '')
    .replace(/<script>([\s\S]*?)<\/script>/g, (_, code: string) => {
      const lines = code.split('\n').filter((line) => !/^\s*\/\//.test(line));
      return `<script>${lines.join('\n')}</script>`;
    });
}

/**
 * The shell manifest (domain/shell-manifest.ts, decision 037) beside Vite's own: the entry,
 * its stylesheet, imports and fonts, each screen's chunks, index.html cut around what a
 * rendered page writes itself, and the CSP hashes of the built index.html's inline scripts.
 * The server builds rendered pages and its CSP from it, never from the built index.html,
 * which keeps every tag the client-only shell needs.
 *
 * index.html is cut after the inline scripts are filled (the 'pre' plugins before this one)
 * and before Vite adds its tags, its comments dropped as `dropComments` drops them from
 * index.html: the same inline scripts, so the same hashes (checked here).
 */
function writeShellManifest(): Plugin {
  let document: ShellDocument | null = null;
  return {
    name: 'lisons:shell-manifest',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        document = shellDocument(withoutComments(html));
      },
    },
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? '';
      const built = (file: string) => {
        const asset = bundle[file];
        return asset?.type === 'asset'
          ? String(asset.source)
          : readFileSync(path.join(outDir, file), 'utf8');
      };
      if (document === null) throw new Error('index.html was not built: no shell manifest');
      const inlineScripts = await inlineScriptSources(built('index.html'));
      for (const source of await inlineScriptSources(Object.values(document).join(''))) {
        if (!inlineScripts.includes(source)) {
          throw new Error(`a rendered page's inline script ${source} is not index.html's`);
        }
      }
      const vite = JSON.parse(built('.vite/manifest.json')) as ViteManifest;
      const manifest = shellManifest(vite, document, inlineScripts);
      writeFileSync(path.join(outDir, shellManifestFile), `${JSON.stringify(manifest)}\n`);
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'client',
  // The service worker (decision 032) belongs to the browser's build only.
  plugins: [
    plainDynamicImports(),
    react(),
    tailwindcss(),
    inlineThemeScript(),
    inlineDeferredLoader(),
    writeShellManifest(),
    preloadShell(),
    dropComments(),
    ...(isSsrBuild ? [] : [offlineApp()]),
  ],
  // react-router's package exports always point at its development build (warnings
  // included); production bundles use its production build: 0.5 KB gzip less.
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProd }] } : {},
  define: {
    __APP_VERSION__: JSON.stringify(`v${pkg.version}`),
    __BUILD_TIME__: JSON.stringify(buildTime),
    __BUILD_TIME_LABEL__: JSON.stringify(frenchBuildTime(buildTime)),
  },
  // `vite build --ssr entry-server.tsx`: the same components for the server's render of
  // public pages (decision 030), into dist/server; packages stay in node_modules.
  build: isSsrBuild
    ? { outDir: '../dist/server', emptyOutDir: true, copyPublicDir: false, target: 'node22' }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        manifest: true,
        // Lazy pages are not preloaded by a helper in the entry (its list of every chunk's
        // imports cost 2.3 KB gzip on every page): see preloadShell and decision 033.
        modulePreload: false,
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
