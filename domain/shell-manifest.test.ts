import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  inlineScriptSources,
  screenChunks,
  shellDocument,
  shellManifest,
  shellManifestSchema,
  type ViteManifest,
} from './shell-manifest';

// Vite's manifest as the client build writes it (.vite/manifest.json).
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_jsx-runtime.js'],
    css: ['assets/index-f.css'],
  },
  '_jsx-runtime.js': { file: 'assets/jsx-runtime-b.js' },
  'routes/blog-post.tsx': {
    file: 'assets/blog-post-c.js',
    isDynamicEntry: true,
    imports: ['_jsx-runtime.js', '_query.js'],
  },
  'routes/about.tsx': { file: 'assets/about-g.js', isDynamicEntry: true, imports: ['index.html'] },
  '_query.js': { file: 'assets/query-d.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-e.js', imports: ['_query.js'] },
  '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2': {
    file: 'assets/inter-latin-wght-normal-h.woff2',
  },
  '../node_modules/@fontsource-variable/inter/files/inter-greek-wght-normal.woff2': {
    file: 'assets/inter-greek-wght-normal-i.woff2',
  },
  '../node_modules/@capacitor/local-notifications/dist/esm/index.js': {
    file: 'assets/esm-j.js',
    isDynamicEntry: true,
  },
};

const source = fs.readFileSync(new URL('../client/index.html', import.meta.url), 'utf8');

describe('the shell manifest', () => {
  it("lists a screen's chunk and all it imports, less what the entry already loads", () => {
    const screens = screenChunks(manifest);
    expect(screens['routes/blog-post.tsx']).toEqual([
      '/assets/blog-post-c.js',
      '/assets/query-d.js',
      '/assets/shared-e.js',
    ]);
    expect(screens['routes/about.tsx']).toEqual(['/assets/about-g.js']);
    // Only the app's own screens: a package's dynamic import is not a page.
    expect(Object.keys(screens).sort()).toEqual(['routes/about.tsx', 'routes/blog-post.tsx']);
  });

  it("names the entry's files and the latin fonts, as index.html loads them", () => {
    const inlineScripts = ["'sha256-t1J5NO9GThOBeRyPCPfZoTNNNXrp0Ac8hkHzCRcZUEU='"];
    const shell = shellManifest(manifest, shellDocument(source), inlineScripts);
    expect(shellManifestSchema.parse(shell)).toEqual(shell);
    expect(shell).toMatchObject({
      entry: '/assets/index-a.js',
      stylesheets: ['/assets/index-f.css'],
      imports: ['/assets/jsx-runtime-b.js'],
      fonts: ['/assets/inter-latin-wght-normal-h.woff2'],
      inlineScripts,
    });
  });

  it('refuses a build with no entry or with two', () => {
    const { 'index.html': _, ...noEntry } = manifest;
    const document = shellDocument(source);
    expect(() => shellManifest(noEntry, document, [])).toThrow('0 entries, not 1');
    const twoEntries = { ...manifest, 'other.html': { file: 'assets/other.js', isEntry: true } };
    expect(() => shellManifest(twoEntries, document, [])).toThrow('2 entries, not 1');
  });

  it("cuts index.html around the page's head tags, styles and scripts, and markup", () => {
    const document = shellDocument(source);
    expect(document.start).toMatch(/^<!doctype html>[\s\S]*<meta name="viewport"[^>]*>\s*$/);
    const parts = Object.values(document).join('');
    // index.html's title, description, source entry, empty #root and message for a browser
    // without JavaScript are the page's to write; its other tags stay, in order.
    for (const gone of ['<title>', 'name="description"', '/main.tsx', 'id="root"', 'noscript']) {
      expect(parts).not.toContain(gone);
    }
    expect(document.head).toMatch(/^\s*<meta name="theme-color"[\s\S]*manifest\.webmanifest" \/>$/);
    expect(document.headEnd).toBe('\n  ');
    expect(document.body).toBe('</head>\n  <body>\n    ');
    expect(document.end).toContain('<script data-inline="deferred-loader"></script>');
    expect(document.end).toMatch(/<\/body>\s*<\/html>\s*$/);
  });

  it('gives the CSP source of each inline script that runs, as a browser hashes it', async () => {
    const theme = "document.documentElement.dataset.theme = 'sombre';";
    const loader = 'loadDeferred("lisons-deferred");';
    const html = [
      `<head><script>${theme}</script><script type="module" src="/assets/index.js"></script>`,
      '<script type="application/ld+json">{"@type":"Book"}</script></head>',
      `<body><script type="application/json" id="data">{}</script><script>${loader}</script>`,
      `<script>${theme}</script></body>`,
    ].join('');
    const sha256 = (code: string) =>
      `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
    expect(await inlineScriptSources(html)).toEqual([sha256(theme), sha256(loader)]);
    expect(await inlineScriptSources('<p>é</p><script>let é = "à";</script>')).toEqual([
      sha256('let é = "à";'),
    ]);
  });

  it('refuses an index.html without a title, a head or a root', () => {
    expect(() => shellDocument('<html><head></head><body></body></html>')).toThrow(
      'index.html needs',
    );
  });
});
