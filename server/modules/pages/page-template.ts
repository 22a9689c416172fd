import { headTags, type PageHead, scriptSafe, serverDataId } from '../../../domain/page-head';

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/;
// The empty #root, and after it index.html's message for a browser without JavaScript,
// which a rendered page does not need: it reads without.
const ROOT = /<div id="root"><\/div>(?:\s*<noscript>[\s\S]*?<\/noscript>)?/;

/**
 * The built index.html with a rendered page in it: its head tags in place of the default
 * title and description, its screen's chunks to preload, its markup in #root, and its query
 * data beside it. Everything else (styles, scripts, the theme script, fonts) is kept as built.
 */
export function fillTemplate(
  template: string,
  page: { head: PageHead; html: string; queries: string | null; preloads: string },
  publicUrl: string,
): string {
  const tags = headTags(page.head, publicUrl);
  let html = template.replace(DESCRIPTION, '');
  html = TITLE.test(html)
    ? html.replace(TITLE, () => tags)
    : html.replace('</head>', () => `${tags}</head>`);
  // Last in the head: the page's chunks come after the styles, the entry and the fonts,
  // which the first paint needs first.
  html = html.replace('</head>', () => `${page.preloads}</head>`);
  const data = page.queries
    ? `<script type="application/json" id="${serverDataId}">${scriptSafe(page.queries)}</script>`
    : '';
  return html.replace(ROOT, () => `<div id="root">${page.html}</div>${data}`);
}
