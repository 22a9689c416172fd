import { describe, expect, it } from 'vitest';
import { fillTemplate } from './page-template';

const template = [
  '<!doctype html><html lang="fr"><head><meta charset="utf-8">',
  '<title>Lisons</title><meta name="description" content="Par défaut">',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-b.css">',
  '<link rel="preload" as="font" href="/assets/inter-c.woff2">',
  '</head><body><div id="root"></div><noscript>Active JavaScript.</noscript></body></html>',
].join('\n');

const preload = '<link rel="modulepreload" crossorigin href="/assets/blog-post-d.js">';

describe('the page template', () => {
  it('puts the head tags in place of the title, the markup in #root, the preloads last', () => {
    const html = fillTemplate(
      template,
      {
        head: { title: 'Un article · Lisons', description: 'Son résumé', path: '/blog/un-article' },
        html: '<main><h1>Un article</h1></main>',
        queries: null,
        preloads: preload,
      },
      'https://lisons.app',
    );
    expect(html).toContain('<title>Un article · Lisons</title>');
    expect(html).not.toContain('Par défaut');
    expect(html).toContain('<div id="root"><main><h1>Un article</h1></main></div>');
    expect(html).not.toContain('<noscript>');
    // After the entry, the styles and the fonts, which the first paint needs first.
    const at = html.indexOf(preload);
    expect(at).toBeGreaterThan(html.indexOf('index-b.css'));
    expect(at).toBeGreaterThan(html.indexOf('inter-c.woff2'));
    expect(html.indexOf('</head>')).toBe(at + preload.length);
  });
});
