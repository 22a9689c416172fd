import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deferredFontsId, deferredModulesId, deferredStylesId } from '../../../domain/page-head';
import { fillTemplate, pageStyles, stylesheetPath } from './page-template';

const head = [
  '<!doctype html><html lang="fr"><head><meta charset="utf-8">',
  '<title>Lisons</title><meta name="description" content="Par défaut">',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-b.css">',
  '<link rel="modulepreload" crossorigin="" href="/assets/jsx-runtime-e.js">',
  '<link rel="preload" as="font" type="font/woff2" crossorigin="" href="/assets/inter-c.woff2">',
  '</head><body><div id="root"></div><noscript>Active JavaScript.</noscript>',
].join('\n');
// index.html's loader names the list it reads (client/index.html).
const loader = `<script>document.getElementById('${deferredModulesId}')</script>`;
const withoutLoader = `${head}</body></html>`;
const withLoader = `${head}${loader}</body></html>`;

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

/** The module list a page hands index.html's loader. */
function moduleList(html: string): unknown {
  const list = new RegExp(
    `<script type="application/json" id="${deferredModulesId}">(.*?)</script>`,
  );
  const json = list.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('the page template', () => {
  it('puts the head tags in place of the title, the markup in #root', () => {
    const html = fillTemplate(withLoader, page, 'https://lisons.app', styles);
    expect(html).toContain('<title>Un article · Lisons</title>');
    expect(html).not.toContain('Par défaut');
    expect(html).toContain('<div id="root"><main><h1>Un article</h1></main></div>');
    expect(html).not.toContain('Active JavaScript.');
  });

  it('paints from the document alone: the styles inline, the code and the fonts listed for later', () => {
    const html = fillTemplate(withLoader, page, 'https://lisons.app', styles);
    const headEnd = html.indexOf('</head>');
    // The stylesheet's text instead of its link, without the web fonts' faces.
    expect(html.slice(0, headEnd)).not.toContain('index-b.css');
    expect(html.slice(0, headEnd)).toContain(`<style>${localFace}body{color:#1c1813}</style>`);
    // No request of the head competes with the document: no entry, no preloads.
    const headPart = html.slice(0, headEnd);
    expect(headPart).not.toMatch(/<script type="module"|rel="modulepreload"|rel="preload"/);
    // The entry, for the loader after the first paint; its imports and the screen's chunks
    // preloaded at low priority after the page's markup.
    expect(moduleList(html)).toEqual(['/assets/index-a.js']);
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)">/g),
    ];
    expect(preloads.map((match) => match[1])).toEqual([
      '/assets/jsx-runtime-e.js',
      '/assets/blog-post-d.js',
    ]);
    expect(preloads[0]?.index).toBeGreaterThan(html.indexOf('</main></div>'));
    const fonts = new RegExp(
      `<script type="application/json" id="${deferredFontsId}">(.*?)</script>`,
    );
    expect(JSON.parse(fonts.exec(html)?.[1] ?? 'null')).toEqual([
      {
        family: 'Inter Variable',
        source: 'url(/assets/inter-c.woff2)format("woff2-variations")',
        descriptors: { weight: '100 900', display: 'swap', unicodeRange: 'U+0000-00FF' },
      },
    ]);
    // The utilities wait at the end for the loader (print: applied to no screen); without
    // JavaScript the whole stylesheet applies at once.
    const whole = `<link rel="stylesheet" href="/assets/index-b.utilities.css" media="print" id="${deferredStylesId}">`;
    expect(html.indexOf(whole)).toBeGreaterThan(html.indexOf('</main></div>'));
    expect(html).toContain(
      '<noscript><link rel="stylesheet" href="/assets/index-b.css"></noscript>',
    );
    // The lists come before the loader, which reads them when it runs.
    expect(html.indexOf(deferredFontsId)).toBeLessThan(html.indexOf(loader));
    expect(html.indexOf(`id="${deferredModulesId}"`)).toBeLessThan(html.indexOf(loader));
  });

  it('keeps the scripts of a template without the loader, the screen preloaded last', () => {
    const html = fillTemplate(withoutLoader, page, 'https://lisons.app', styles);
    expect(moduleList(html)).toBeUndefined();
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(html).toContain('inter-c.woff2"');
    const preload = '<link rel="modulepreload" crossorigin href="/assets/blog-post-d.js">';
    expect(html.indexOf('</head>')).toBe(html.indexOf(preload) + preload.length);
  });

  it('keeps the stylesheet linked when it has no text to inline', () => {
    const html = fillTemplate(withLoader, page, 'https://lisons.app', null);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b.css">');
    expect(html).not.toContain('<style>');
  });

  it('finds the stylesheet to inline', () => {
    expect(stylesheetPath(withLoader)).toBe('/assets/index-b.css');
    expect(stylesheetPath('<html><head></head></html>')).toBeNull();
  });

  it("is filled for index.html's own loader, which reads both lists", () => {
    const index = fs.readFileSync(new URL('../../../client/index.html', import.meta.url), 'utf8');
    expect(index).toContain(`getElementById('${deferredModulesId}')`);
    expect(index).toContain(`getElementById('${deferredFontsId}')`);
    expect(index).toContain(`getElementById('${deferredStylesId}')`);
  });
});
