import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferredLoadId } from '../../../domain/deferred-load';
import { aboutPage } from '../../../domain/messages/static-pages';
import {
  inlineScriptSources,
  type ShellManifest,
  shellDocument,
  shellManifestFile,
} from '../../../domain/shell-manifest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { projectRoot } from '../../paths';
import { callAs } from '../../test/call-as';
import { createTestDatabase } from '../../test/database';
import { createAdmin, createBook, type Reader } from '../../test/factories';
import type { SsrEntry } from './public-pages';

// The real render (client/entry-server.tsx, from the sources) in the real app, with the
// client's own index.html as the template: what a browser without JavaScript, a link
// preview or a crawler receives.
// The test helpers' origin (server/test/app.ts): sign-up and the blog manager need it.
const publicUrl = 'http://localhost:3000';
const entrySource = path.join(projectRoot, 'client/entry-server.tsx');
const stylesheet = '/assets/index-t3st.css';
const stylesheetText =
  '@layer base{body{margin:0}}@layer utilities{.font-serif{font-family:serif}.unused-anywhere{color:red}}@font-face{font-family:Inter Variable;src:url(/assets/inter.woff2)}';
let app: FastifyInstance;
let database: Database;
let clientDir: string;
let admin: Reader;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-ssr-'));
  // The template as built: with its stylesheet (a few rules of it, in the layers Tailwind
  // writes), the theme script and the deferred loader inline where the build puts them
  // (vite.config.ts); and the shell manifest the build writes beside it, with the hashes of
  // the built index.html's inline scripts (domain/shell-manifest.ts).
  const theme = fs.readFileSync(path.join(projectRoot, 'client/public/theme.js'), 'utf8');
  const index = fs
    .readFileSync(path.join(projectRoot, 'client/index.html'), 'utf8')
    .replace('<script src="/theme.js"></script>', () => `<script>${theme.trim()}</script>`)
    .replace(
      '<script data-inline="deferred-loader"></script>',
      `<script>loadDeferred(${JSON.stringify(deferredLoadId)});</script>`,
    );
  const built = index.replace(
    '</head>',
    `<link rel="stylesheet" crossorigin href="${stylesheet}">\n</head>`,
  );
  fs.writeFileSync(path.join(clientDir, 'index.html'), built);
  const shell: ShellManifest = {
    entry: '/main.tsx',
    stylesheets: [stylesheet],
    imports: [],
    fonts: [],
    screens: {},
    inlineScripts: await inlineScriptSources(built),
    document: shellDocument(index),
  };
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(path.join(clientDir, shellManifestFile), JSON.stringify(shell));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, stylesheet), stylesheetText);
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: publicUrl,
      ADMIN_EMAILS: 'redaction@lisons.app',
      DATA_DIR: path.join(os.tmpdir(), `lisons-test-data-${randomUUID()}`),
    }),
    database,
    clientDir,
    // The sources, as Vite's server build would give them (a path, not an import of client/).
    ssrEntry: () => import(/* @vite-ignore */ entrySource) as Promise<SsrEntry>,
  });
  await app.ready();
  admin = await createAdmin({ app, database }, { email: 'redaction@lisons.app' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

/** The content of `<meta property|name="key" content="…">`. */
function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`);
  return re.exec(html)?.[1];
}

describe('public pages as HTML', () => {
  it('answers À propos with its text, title, canonical and Open Graph tags, no JavaScript needed', async () => {
    const res = await get('/a-propos');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>À propos de Lisons · Lisons</title>');
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/a-propos" />`);
    expect(meta(html, 'og:title')).toBe('À propos de Lisons · Lisons');
    expect(meta(html, 'og:url')).toBe(`${publicUrl}/a-propos`);
    expect(meta(html, 'og:image')).toBe(`${publicUrl}/og-image.png`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // One title and one description: the template's own were replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // The page itself is in #root, and the 'needs JavaScript' message is gone.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1');
    expect(root).toContain(aboutPage.sections[0]?.heading.replaceAll("'", '&#x27;'));
    // index.html's message for a browser without JavaScript: this page reads without.
    expect(html).not.toContain('Lisons a besoin de JavaScript');
    expect(html).toContain('"@type":"BreadcrumbList"');
  });

  it('renders the landing page with the feed linked from the head', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${publicUrl}/" />`);
    expect(res.body).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Le blog de Lisons" href="${publicUrl}/blog/feed.xml" />`,
    );
    expect(res.body).toMatch(/<div id="root"><div class="flex min-h-dvh/);
  });

  it('renders a book page with its data for the first render, and Book JSON-LD that no text can close', async () => {
    const book = await createBook(database.db, {
      title: 'Le Rouge et le Noir',
      author: 'Stendhal',
      description: 'Julien Sorel </script><script>alert(1)</script> & <!-- fin',
    });
    const res = await get(`/books/${book.slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Le Rouge et le Noir · Lisons</title>');
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/books/${book.slug}" />`);
    expect(meta(html, 'og:type')).toBe('book');
    // The text is on the page (escaped by React), not as markup.
    expect(html).toContain('Julien Sorel &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(ld).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(ld)).toMatchObject({
      '@type': 'Book',
      name: 'Le Rouge et le Noir',
      author: { name: 'Stendhal' },
      description: 'Julien Sorel </script><script>alert(1)</script> & <!-- fin',
    });
    // The query data the browser hydrates with, escaped the same way.
    const data = /<script type="application\/json" id="lisons-queries">(.*?)<\/script>/.exec(html);
    expect(data?.[1]).toBeDefined();
    const state = JSON.parse(data?.[1] ?? '{}') as {
      queries: { queryKey: unknown[]; state: { data: { book: { slug: string } } } }[];
    };
    expect(state.queries[0]?.queryKey).toEqual(['book', book.slug]);
    expect(state.queries[0]?.state.data.book.slug).toBe(book.slug);
  });

  it('answers a missing book with a real 404 (the shell), and an unpublished one with 410', async () => {
    expect((await get('/books/livre-qui-n-existe-pas')).statusCode).toBe(404);
    const hidden = await createBook(database.db, {
      title: 'Retiré du catalogue',
      isPublished: false,
    });
    expect((await get(`/books/${hidden.slug}`)).statusCode).toBe(410);
  });

  it('renders explore with the category page as canonical and the next page linked', async () => {
    for (let n = 0; n < 25; n++) await createBook(database.db, { title: `Explorer ${n}` });
    const res = await get('/explore?cat=litterature&sort=author');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<link rel="canonical" href="${publicUrl}/explore?cat=litterature" />`,
    );
    expect(res.body).toContain(
      `<link rel="next" href="${publicUrl}/explore?cat=litterature&amp;page=2" />`,
    );
    expect(res.body).toContain('"@type":"ItemList"');
    expect(res.body).toContain('Explorer 0');
  });

  it("inlines what the page's markup needs of the stylesheet, and serves the utilities for later", async () => {
    const page = await get('/a-propos');
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain('<style>@layer base{body{margin:0}}@layer utilities{');
    expect(head).toContain('.font-serif{font-family:serif}');
    expect(head).not.toContain('unused-anywhere');
    expect(head).not.toContain('@font-face');
    expect(page.body).toContain('"styles":"/assets/index-t3st.utilities.css"');

    const utilities = await get('/assets/index-t3st.utilities.css');
    expect(utilities.statusCode).toBe(200);
    expect(utilities.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(utilities.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(utilities.body).toBe(
      '@layer utilities{.font-serif{font-family:serif}.unused-anywhere{color:red}}',
    );
  });

  it("runs a rendered page's inline scripts, and the shell's, under the CSP it sends", async () => {
    const book = await createBook(database.db, { title: 'Sous la politique de sécurité' });
    for (const url of ['/', '/a-propos', '/explore', `/books/${book.slug}`, '/reading-list']) {
      const res = await get(url);
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(
        String(res.headers['content-security-policy']),
      )?.[1];
      const allowed = new Set(scriptSrc?.split(' '));
      // What a browser runs: scripts written in the page without a src, and of no data type.
      const inline = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes = '']) => !/\ssrc=|type="application\//.test(attributes))
        .map(([, , code = '']) => code);
      // The theme script and the deferred loader.
      expect(inline, url).toHaveLength(2);
      for (const code of inline) {
        const hash = createHash('sha256').update(code).digest('base64');
        expect(allowed, `${url}: ${code.slice(0, 40)}`).toContain(`'sha256-${hash}'`);
      }
      expect(scriptSrc).not.toContain('unsafe');
    }
  });

  it('sends signed-in screens as the shell, rendered in the browser', async () => {
    const res = await get('/reading-list');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('sends a cached page compressed when the browser accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/legal/privacy',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('sitemap and robots.txt', () => {
  it('lists home, the blog, premium and the published books, not the unpublished ones', async () => {
    const shown = await createBook(database.db, { title: 'Dans le plan du site' });
    const hidden = await createBook(database.db, { title: 'Hors du plan', isPublished: false });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain(`<url><loc>${publicUrl}/</loc><priority>1.0</priority></url>`);
    expect(xml).toContain(
      `<url><loc>${publicUrl}/blog</loc><changefreq>weekly</changefreq><priority>0.9</priority></url>`,
    );
    expect(xml).toContain(`<url><loc>${publicUrl}/premium</loc><priority>0.9</priority></url>`);
    expect(xml).toMatch(
      new RegExp(`<loc>${publicUrl}/books/${shown.slug}</loc><lastmod>[0-9T:.Z-]+</lastmod>`),
    );
    expect(xml).not.toContain(hidden.slug);
  });

  it('gives robots.txt its Sitemap line', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
  });
});

let postCount = 0;
/** A post written through the blog manager, as an admin does. */
async function createPost(fields: Record<string, unknown> = {}) {
  postCount += 1;
  const res = await callAs(app, admin).post('/api/admin/blog/posts', {
    title: `Reprendre la lecture ${postCount}`,
    excerpt: 'Quelques pages par jour suffisent.',
    markdown: `Lire **un peu** chaque jour, numéro ${postCount}.`,
    tags: ['habitude'],
    published: true,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; slug: string; title: string };
}

describe('the blog as HTML', () => {
  it('answers an article with its text, title, canonical, Open Graph tags and BlogPosting', async () => {
    const post = await createPost({
      title: 'Lire le soir </script><script>alert(1)</script>',
      markdown: 'Vingt minutes avant de dormir, **sans écran**.',
    });
    const res = await get(`/blog/${post.slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<title>Lire le soir &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Lisons</title>',
    );
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/blog/${post.slug}" />`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:description')).toBe('Quelques pages par jour suffisent.');
    expect(meta(html, 'article:tag')).toBe('habitude');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<strong>sans écran</strong>');
    expect(html).not.toContain('<script>alert(1)</script>');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
    );
    expect(ld.find((d) => d['@type'] === 'BlogPosting')).toMatchObject({
      headline: 'Lire le soir </script><script>alert(1)</script>',
      url: `${publicUrl}/blog/${post.slug}`,
    });
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList')).toBeDefined();
  });

  it('answers the list with its posts, and an unknown article with a real 404', async () => {
    const post = await createPost();
    const list = await get('/blog');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`<link rel="canonical" href="${publicUrl}/blog" />`);
    expect(list.body.slice(list.body.indexOf('<div id="root">'))).toContain(post.title);
    expect((await get('/blog/article-qui-n-existe-pas')).statusCode).toBe(404);
    expect((await get('/blog/page/1')).headers.location).toBe('/blog');
    expect((await get('/blog/page/9')).headers.location).toBe('/blog');
    expect((await get('/blog/page/0')).statusCode).toBe(404);
    expect((await get('/blog/page/deux')).statusCode).toBe(404);
  });

  it('keeps a scheduled post out of the sitemap, the feed and its page, until its time comes', async () => {
    const live = await createPost();
    const soon = await createPost({ publishedAt: new Date(Date.now() + 3_000).toISOString() });
    // Every cache filled before its time.
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toMatch(
      new RegExp(
        `<loc>${publicUrl}/blog/${live.slug}</loc><lastmod>[^<]+</lastmod><changefreq>monthly</changefreq><priority>0.8</priority>`,
      ),
    );
    expect(sitemap).not.toContain(soon.slug);
    const feed = await get('/blog/feed.xml');
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain(`<link>${publicUrl}/blog/${live.slug}</link>`);
    expect(feed.body).not.toContain(soon.slug);
    expect((await get(`/blog/${soon.slug}`)).statusCode).toBe(404);
    expect((await get('/blog')).body).not.toContain(soon.title);

    // Its time comes: no cache holds it back (their minute's limit is far off).
    await expect
      .poll(async () => (await get('/sitemap.xml')).body, { timeout: 15_000 })
      .toContain(soon.slug);
    expect((await get('/blog/feed.xml')).body).toContain(soon.slug);
    expect((await get('/blog')).body).toContain(soon.title);
    expect((await get(`/blog/${soon.slug}`)).statusCode).toBe(200);
  });
});
