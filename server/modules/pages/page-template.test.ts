import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deferredLoadId } from '../../../domain/deferred-load';
import { type ShellManifest, shellDocument } from '../../../domain/shell-manifest';
import { fillTemplate, pageStyles, stylesheetPath } from './page-template';

// index.html as a source (its inline loader filled in, as the build fills it) and what the
// build tells the server about it (domain/shell-manifest.ts): the built entry, stylesheet,
// imports and fonts.
const head = [
  '<!doctype html><html lang="fr"><head><meta charset="utf-8">',
  '<title>Lisons</title><meta name="description" content="Par défaut">',
  '<script type="module" src="/main.tsx"></script>',
  '</head><body><div id="root"></div><noscript>Active JavaScript.</noscript>',
].join('\n');
// The built index.html's loader names the list it reads (vite.config.ts inlines
// client/ssr/deferred-loader.ts, called with the list's id).
const loader = `<script>loadDeferred(${JSON.stringify(deferredLoadId)});</script>`;
const shell: ShellManifest = {
  entry: '/assets/index-a.js',
  stylesheets: ['/assets/index-b.css'],
  imports: ['/assets/jsx-runtime-e.js'],
  fonts: ['/assets/inter-c.woff2'],
  screens: {},
  inlineScripts: [],
  document: shellDocument(`${head}${loader}</body></html>`),
};

const page = {
  head: { title: 'Un article · Lisons', description: 'Son résumé', path: '/blog/un-article' },
  html: '<main><h1>Un article</h1></main>',
  queries: null,
  modules: ['/assets/blog-post-d.js'],
};
const webFont =
  '@font-face{font-family:"Inter Variable";font-display:swap;font-weight:100 900;src:url(/assets/inter-c.woff2)format("woff2-variations");unicode-range:U+0000-00FF}';
const localFace = '@font-face{font-family:Inter fallback;src:local(Arial);size-adjust:106%}';
// A stylesheet without utilities: critical-css.ts keeps it whole (its own tests say what it
// keeps of the utilities).
const styles = pageStyles(`${webFont}${localFace}body{color:#1c1813}`);

/** What a page hands index.html's loader for after its first paint. */
function deferredLoad(html: string): unknown {
  const list = new RegExp(`<script type="application/json" id="${deferredLoadId}">(.*?)</script>`);
  const json = list.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('the page template', () => {
  it('puts the head tags in place of the title, the markup in #root', () => {
    const html = fillTemplate(shell, page, 'https://lisons.app', styles);
    expect(html).toContain('<title>Un article · Lisons</title>');
    expect(html).not.toContain('Par défaut');
    expect(html).toContain('<div id="root"><main><h1>Un article</h1></main></div>');
    expect(html).not.toContain('Active JavaScript.');
  });

  it('paints from the document alone: the styles inline, the code and the fonts listed for later', () => {
    const html = fillTemplate(shell, page, 'https://lisons.app', styles);
    const headEnd = html.indexOf('</head>');
    // The stylesheet's text instead of its link, without the web fonts' faces.
    expect(html.slice(0, headEnd)).not.toContain('index-b.css');
    expect(html.slice(0, headEnd)).toContain(`<style>${localFace}body{color:#1c1813}</style>`);
    // Nothing in the document is requested before its first paint: no script, no preload,
    // no stylesheet but the one for a browser without JavaScript.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|rel="preload"/);
    expect(html.replace(/<noscript>.*?<\/noscript>/g, '')).not.toContain('rel="stylesheet"');
    expect(html).toContain(
      '<noscript><link rel="stylesheet" href="/assets/index-b.css"></noscript>',
    );
    // All of it listed for the loader: the entry, its imports and the screen's chunks, the
    // utilities' stylesheet and the web fonts' faces.
    expect(deferredLoad(html)).toEqual({
      entry: '/assets/index-a.js',
      modules: ['/assets/jsx-runtime-e.js', '/assets/blog-post-d.js'],
      styles: '/assets/index-b.utilities.css',
      fonts: [
        {
          family: 'Inter Variable',
          source: 'url(/assets/inter-c.woff2)format("woff2-variations")',
          descriptors: { weight: '100 900', display: 'swap', unicodeRange: 'U+0000-00FF' },
        },
      ],
    });
    // After the markup, before the loader, which reads the list when it runs.
    expect(html.indexOf(`id="${deferredLoadId}"`)).toBeGreaterThan(html.indexOf('</main></div>'));
    expect(html.indexOf(`id="${deferredLoadId}"`)).toBeLessThan(html.indexOf(loader));
  });

  it('keeps the stylesheet linked when it has no text to inline', () => {
    const html = fillTemplate(shell, page, 'https://lisons.app', null);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b.css">');
    expect(html).not.toContain('<style>');
    expect(deferredLoad(html)).toMatchObject({
      entry: '/assets/index-a.js',
      styles: null,
      fonts: [],
    });
  });

  it('finds the stylesheet to inline', () => {
    expect(stylesheetPath(shell)).toBe('/assets/index-b.css');
    expect(stylesheetPath({ ...shell, stylesheets: [] })).toBeNull();
  });

  it("is filled for index.html's own loader, which the build inlines with the list's id", () => {
    const index = fs.readFileSync(new URL('../../../client/index.html', import.meta.url), 'utf8');
    expect(index).toContain('<script data-inline="deferred-loader"></script>');
    const build = fs.readFileSync(new URL('../../../vite.config.ts', import.meta.url), 'utf8');
    expect(build).toMatch(/loadDeferred\(\$\{JSON\.stringify\(deferredLoadId\)\}\)/);
  });
});
