import { z } from 'zod';

// What the client build tells the server about the app shell (decision 037): written by
// vite.config.ts beside Vite's own manifest, read once by server/modules/pages at start-up,
// so that the server builds a rendered page's document from data and never has to find,
// in the built index.html, the tags the build has just put there.

/** The shell manifest's place inside the client build (dist/client). */
export const shellManifestFile = '.vite/shell-manifest.json';

const href = z.string().startsWith('/');

/**
 * index.html around the parts a rendered page writes itself, in document order: `start`,
 * the page's head tags (instead of index.html's title and description), `head`, the page's
 * styles and scripts, `headEnd`, `body`, `<div id="root">` with the page's markup and data,
 * `end` (index.html's message for a browser without JavaScript left out: the page reads
 * without). Inline scripts stay as the build wrote them in index.html, so the manifest's
 * `inlineScripts` allow them in rendered pages as in the client-only shell.
 */
export const shellDocumentSchema = z.object({
  start: z.string(),
  head: z.string(),
  headEnd: z.string(),
  body: z.string(),
  end: z.string(),
});
export type ShellDocument = z.infer<typeof shellDocumentSchema>;

export const shellManifestSchema = z.object({
  /** The app's entry script. */
  entry: href,
  /** The entry's stylesheets (Tailwind's one), in the order index.html links them. */
  stylesheets: z.array(href),
  /** The shared chunks the entry imports, which every screen needs. */
  imports: z.array(href),
  /** The web fonts index.html preloads (the headings' and the text's latin faces). */
  fonts: z.array(href),
  /**
   * By screen module (its key in Vite's manifest, 'routes/blog-post.tsx'): its chunk and
   * every chunk it imports, less the entry and its imports (decision 033).
   */
  screens: z.record(z.string(), z.array(href)),
  /**
   * The CSP sources (`'sha256-…'`) of the built index.html's inline scripts: the theme script
   * and the deferred loader (client/ssr/deferred-loader.ts), which `document` carries too.
   * The server allows these inline scripts and no other (server/plugins/security.ts).
   */
  inlineScripts: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/)),
  document: shellDocumentSchema,
});
export type ShellManifest = z.infer<typeof shellManifestSchema>;

/** The parts of Vite's build manifest (.vite/manifest.json) the shell manifest is made of. */
export type ViteManifest = Record<
  string,
  { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/** The web fonts worth preloading: the latin faces of the headings and of the text. */
const PRELOADED_FONT = /(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Each screen's files from Vite's manifest: its chunk and every chunk it imports, depth
 * first, less what the entry already loads (the entry and its imports), so that a page lists
 * them all at once instead of each level of imports after the previous one has arrived.
 */
export function screenChunks(manifest: ViteManifest): Record<string, string[]> {
  const closure = (keys: string[]): string[] => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return [...seen];
  };
  const keys = Object.keys(manifest);
  const loaded = new Set(closure(keys.filter((key) => manifest[key]?.isEntry)));
  const screens: Record<string, string[]> = {};
  for (const key of keys) {
    if (!manifest[key]?.isDynamicEntry || key.startsWith('..')) continue;
    screens[key] = closure([key])
      .filter((imported) => !loaded.has(imported))
      .map((imported) => `/${manifest[imported]?.file}`);
  }
  return screens;
}

/**
 * The shell manifest of a build: its entry's files from Vite's manifest, `document`, and the
 * CSP sources of the built index.html's inline scripts (`inlineScriptSources`).
 */
export function shellManifest(
  manifest: ViteManifest,
  document: ShellDocument,
  inlineScripts: string[],
): ShellManifest {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  const [entry, other] = entries;
  if (!entry || other) throw new Error(`the client build has ${entries.length} entries, not 1`);
  return {
    entry: `/${entry.file}`,
    stylesheets: (entry.css ?? []).map((file) => `/${file}`),
    imports: (entry.imports ?? []).map((key) => `/${manifest[key]?.file ?? key}`),
    fonts: Object.values(manifest)
      .filter((chunk) => PRELOADED_FONT.test(chunk.file))
      .map((chunk) => `/${chunk.file}`),
    screens: screenChunks(manifest),
    inlineScripts,
    document,
  };
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/;
// The source's entry, which the build replaces with the built one.
const SOURCE_ENTRY = /\s*<script type="module"[^>]*><\/script>/;
const HEAD_END = /\s*<\/head>/;
const ROOT = /<div id="root"><\/div>(?:\s*<noscript>[\s\S]*?<\/noscript>)?/;

/**
 * index.html's source (its inline scripts filled in) cut around what a rendered page writes
 * itself: at build time, so the server never looks into HTML. Throws when a part is missing.
 */
export function shellDocument(html: string): ShellDocument {
  const title = TITLE.exec(html);
  const headEnd = HEAD_END.exec(html);
  const root = ROOT.exec(html);
  if (!title || !headEnd || !root || title.index > headEnd.index || headEnd.index > root.index) {
    throw new Error('index.html needs a <title>, then </head>, then <div id="root"></div>');
  }
  const head = html
    .slice(title.index + title[0].length, headEnd.index)
    .replace(DESCRIPTION, '')
    .replace(SOURCE_ENTRY, '');
  const close = headEnd[0].indexOf('</head>');
  return {
    start: html.slice(0, title.index),
    head,
    headEnd: headEnd[0].slice(0, close),
    body: html.slice(headEnd.index + close, root.index),
    end: html.slice(root.index + root[0].length),
  };
}

// A classic inline script: no `src`, and no type or a JavaScript one (JSON and JSON-LD data
// blocks do not run, so the CSP does not apply to them).
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?:\s+type="(?:text\/javascript|module)")?\s*>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-<base64>'`) of the inline scripts of `html`, in document order,
 * without repeats: at build time, so that the server allows them without reading HTML.
 */
export async function inlineScriptSources(html: string): Promise<string[]> {
  const sources = await Promise.all(
    [...html.matchAll(INLINE_SCRIPT)].map(async (match) => {
      const digest = await crypto.subtle.digest(
        'SHA-256',
        new TextEncoder().encode(match[1] ?? ''),
      );
      return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
    }),
  );
  return [...new Set(sources)];
}
