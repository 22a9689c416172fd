import {
  type DeferredLoad,
  deferredLoadId,
  type FontFaceData,
} from '../../../domain/deferred-load';
import {
  headTags,
  type PageHead,
  scriptJson,
  scriptSafe,
  serverDataId,
} from '../../../domain/page-head';
import type { ShellManifest } from '../../../domain/shell-manifest';
import { criticalCss, utilitiesPath } from './critical-css';

// A web font's face (a local fallback face has no url).
const FONT_FACE = /@font-face\s*\{[^}]*url\([^}]*\}/g;

const DESCRIPTORS: Record<string, string> = {
  'font-style': 'style',
  'font-weight': 'weight',
  'font-stretch': 'stretch',
  'font-display': 'display',
  'unicode-range': 'unicodeRange',
  'font-feature-settings': 'featureSettings',
};

/** An `@font-face { … }` rule of the built stylesheet (its values hold no `;`). */
function fontFace(rule: string): FontFaceData {
  const face: FontFaceData = { family: '', source: '', descriptors: {} };
  for (const declaration of rule.slice(rule.indexOf('{') + 1, rule.lastIndexOf('}')).split(';')) {
    const colon = declaration.indexOf(':');
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (name === 'font-family') face.family = value.replace(/^(["'])(.*)\1$/, '$2');
    else if (name === 'src') face.source = value;
    else if (DESCRIPTORS[name]) face.descriptors[DESCRIPTORS[name]] = value;
  }
  return face;
}

/** The built stylesheet, made ready once for every rendered page (`pageStyles`). */
export type PageStyles = {
  /** What a page's markup needs of it, web fonts' faces excepted (critical-css.ts). */
  critical: (html: string) => string;
  /** The web fonts' faces, which the loader adds after the first paint. */
  fonts: readonly FontFaceData[];
};

/** `stylesheet` ready for rendered pages; null when it cannot be inlined (critical-css.ts). */
export function pageStyles(stylesheet: string): PageStyles | null {
  const critical = criticalCss(stylesheet.replace(FONT_FACE, ''));
  return critical && { critical, fonts: (stylesheet.match(FONT_FACE) ?? []).map(fontFace) };
}

/** The build's stylesheet, to be read and inlined (`styles`); null when it has none. */
export function stylesheetPath(shell: ShellManifest): string | null {
  return shell.stylesheets[0] ?? null;
}

const stylesheetLink = (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`;
const fontPreload = (href: string) =>
  `<link rel="preload" as="font" type="font/woff2" crossorigin="" href="${href}">`;

/**
 * A rendered page's document: the build's index.html (`shell.document`) with the page's
 * head tags in place of the default title and description, its markup in #root, and its
 * query data beside it. Every tag comes from the shell manifest (decision 037).
 *
 * So that the page paints from the document alone, and nothing but its own images is
 * requested before that paint (decision 034), the page carries:
 * - `styles.critical` (what the page's markup needs of the built stylesheet) in place of the
 *   stylesheet's link, and no font preloads: the text paints in local faces shaped like the
 *   web fonts;
 * - no entry script and no modulepreload in the head: the entry, its imports and the screen's
 *   `modules`, the utilities' stylesheet and the web fonts are listed in #lisons-deferred,
 *   which index.html's deferred loader (client/ssr/deferred-loader.ts, which the build always
 *   inlines) starts after the first paint.
 */
export function fillTemplate(
  shell: ShellManifest,
  page: { head: PageHead; html: string; queries: string | null; modules: readonly string[] },
  publicUrl: string,
  styles: PageStyles | null = null,
): string {
  let data = page.queries
    ? `<script type="application/json" id="${serverDataId}">${scriptSafe(page.queries)}</script>`
    : '';
  const later: DeferredLoad = {
    entry: shell.entry,
    modules: [...new Set([...shell.imports, ...page.modules])].filter(
      (href) => href !== shell.entry,
    ),
    styles: null,
    fonts: [],
  };
  let tags: string[];
  const [href, ...others] = shell.stylesheets;
  if (styles !== null && href !== undefined) {
    tags = [`<style>${styles.critical(page.html)}</style>`, ...others.map(stylesheetLink)];
    // The utilities, for what React adds and the other screens; without JavaScript, the
    // whole stylesheet at once.
    later.styles = utilitiesPath(href);
    later.fonts = styles.fonts;
    data += `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
  } else {
    tags = [...shell.stylesheets.map(stylesheetLink), ...shell.fonts.map(fontPreload)];
  }
  data += `<script type="application/json" id="${deferredLoadId}">${scriptJson(later)}</script>`;
  const { document } = shell;
  return [
    document.start,
    headTags(page.head, publicUrl),
    document.head,
    ...tags.map((tag) => `\n    ${tag}`),
    document.headEnd,
    document.body,
    `<div id="root">${page.html}</div>`,
    data,
    document.end,
  ].join('');
}
