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
import { criticalCss, utilitiesPath } from './critical-css';

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/;
// The empty #root, and after it index.html's message for a browser without JavaScript,
// which a rendered page does not need: it reads without.
const ROOT = /<div id="root"><\/div>(?:\s*<noscript>[\s\S]*?<\/noscript>)?/;
const STYLESHEET = /\s*<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/;
const ENTRY = /\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
const FONT_PRELOAD = /\s*<link rel="preload" as="font"[^>]*>/g;
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

/** The path of the built index.html's stylesheet, to be read and inlined (`styles`). */
export function stylesheetPath(template: string): string | null {
  return STYLESHEET.exec(template)?.[1] ?? null;
}

/**
 * The built index.html with a rendered page in it: its head tags in place of the default
 * title and description, its markup in #root, and its query data beside it.
 *
 * So that the page paints from the document alone, and nothing but its own images is
 * requested before that paint (decision 034), a template with index.html's loader
 * (client/ssr/deferred-loader.ts, inlined by the build) gets:
 * - `styles.critical` (what the page's markup needs of the built stylesheet) in place of the
 *   stylesheet's link, and no font preloads: the text paints in local faces shaped like the
 *   web fonts;
 * - no entry script and no modulepreload in the head: the entry, its imports and the screen's
 *   `modules`, the utilities' stylesheet and the web fonts are listed in #lisons-deferred,
 *   which the loader starts after the first paint.
 * A template without that loader keeps its scripts, the screen's chunks preloaded last.
 */
export function fillTemplate(
  template: string,
  page: { head: PageHead; html: string; queries: string | null; modules: readonly string[] },
  publicUrl: string,
  styles: PageStyles | null = null,
): string {
  const tags = headTags(page.head, publicUrl);
  let html = template.replace(DESCRIPTION, '');
  html = TITLE.test(html)
    ? html.replace(TITLE, () => tags)
    : html.replace('</head>', () => `${tags}</head>`);
  let data = page.queries
    ? `<script type="application/json" id="${serverDataId}">${scriptSafe(page.queries)}</script>`
    : '';
  const entry = ENTRY.exec(html)?.[1];
  if (entry && html.includes(deferredLoadId)) {
    const imports = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
    html = html.replace(ENTRY, '').replace(MODULE_PRELOAD, '');
    const later: DeferredLoad = {
      entry,
      modules: [...new Set([...imports, ...page.modules])].filter((href) => href !== entry),
      styles: null,
      fonts: [],
    };
    const href = stylesheetPath(html);
    if (styles !== null && href !== null) {
      html = html
        .replace(FONT_PRELOAD, '')
        .replace(STYLESHEET, () => `\n    <style>${styles.critical(page.html)}</style>`);
      // The utilities, for what React adds and the other screens; without JavaScript, the
      // whole stylesheet at once.
      later.styles = utilitiesPath(href);
      later.fonts = styles.fonts;
      data += `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
    }
    data += `<script type="application/json" id="${deferredLoadId}">${scriptJson(later)}</script>`;
  } else if (page.modules.length > 0) {
    // Last in the head: after the styles, the entry and the fonts, which the first paint
    // needs first.
    const preloads = page.modules.map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
    );
    html = html.replace('</head>', () => `${preloads.join('')}</head>`);
  }
  return html.replace(ROOT, () => `<div id="root">${page.html}</div>${data}`);
}
