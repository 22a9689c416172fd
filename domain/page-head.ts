import { escapeHtml } from './html';

/**
 * The head of a public page as the server sends it (title, description, canonical address,
 * paging links, Open Graph and Twitter cards, JSON-LD), so link previews and crawlers, which
 * run no JavaScript, see the page as it is. One helper for every public page: each page
 * describes its head as data, `headTags` writes it.
 */
export type PageHead = {
  /** The whole document title ('À propos de Lisons · Lisons'). */
  title: string;
  description: string;
  /** The page's canonical path ('/blog/mon-article'), made absolute with the site's address. */
  path: string;
  /** Paged lists: the previous and next pages' paths. */
  prev?: string | undefined;
  next?: string | undefined;
  /** Open Graph type: an article for blog posts, a book for book pages. */
  type?: 'website' | 'article' | 'book';
  /** The card's picture (a path or an absolute address); the site's picture when absent. */
  image?: { url: string; alt: string; width?: number; height?: number } | undefined;
  /** article:published_time and the like, for blog posts. */
  article?: { publishedTime?: string; modifiedTime?: string; tags?: readonly string[] };
  /** Structured data (schema.org), one script element each. */
  jsonLd?: readonly object[];
};

export const siteName = 'Lisons';

/** The element holding the query data of a page rendered on the server (decision 030). */
export const serverDataId = 'lisons-queries';

/** The picture of every page without its own: 1200 × 630, as link previews expect. */
export const defaultImage = {
  url: '/og-image.png',
  alt: 'Lisons : l’appli qui t’accompagne dans ta lecture, page après page',
  width: 1200,
  height: 630,
} as const;

/** The blog's RSS feed, linked from every page's head. */
export const feedPath = '/blog/feed.xml';
export const feedTitle = 'Le blog de Lisons';

/**
 * JSON for a <script> element: `<` (hence any `</script>` or `<!--`), `>`, `&` and the two
 * line separators JavaScript once refused are written as \u escapes, so no text in the data
 * (a post's title, a book's description) can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
}

/** JSON text already serialised, made safe for a <script> element as `scriptJson` does. */
export function scriptSafe(json: string): string {
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** A path made absolute on the site's public address; absolute addresses are kept. */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** The tags of `head`, ready to go in the document's <head>. */
export function headTags(head: PageHead, publicUrl: string): string {
  const url = (p: string) => escapeHtml(absoluteUrl(p, publicUrl));
  const text = escapeHtml;
  const image = head.image ?? defaultImage;
  const lines = [
    `<title>${text(head.title)}</title>`,
    `<meta name="description" content="${text(head.description)}" />`,
    `<link rel="canonical" href="${url(head.path)}" />`,
  ];
  if (head.prev) lines.push(`<link rel="prev" href="${url(head.prev)}" />`);
  if (head.next) lines.push(`<link rel="next" href="${url(head.next)}" />`);
  lines.push(
    `<link rel="alternate" type="application/rss+xml" title="${text(feedTitle)}" href="${url(feedPath)}" />`,
    `<meta property="og:site_name" content="${siteName}" />`,
    '<meta property="og:locale" content="fr_FR" />',
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${text(head.title)}" />`,
    `<meta property="og:description" content="${text(head.description)}" />`,
    `<meta property="og:url" content="${url(head.path)}" />`,
    `<meta property="og:image" content="${url(image.url)}" />`,
    `<meta property="og:image:alt" content="${text(image.alt)}" />`,
  );
  if (image.width && image.height) {
    lines.push(
      `<meta property="og:image:width" content="${image.width}" />`,
      `<meta property="og:image:height" content="${image.height}" />`,
    );
  }
  const article = head.article;
  if (article?.publishedTime) {
    lines.push(
      `<meta property="article:published_time" content="${text(article.publishedTime)}" />`,
    );
  }
  if (article?.modifiedTime) {
    lines.push(`<meta property="article:modified_time" content="${text(article.modifiedTime)}" />`);
  }
  for (const tag of article?.tags ?? []) {
    lines.push(`<meta property="article:tag" content="${text(tag)}" />`);
  }
  lines.push(
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${text(head.title)}" />`,
    `<meta name="twitter:description" content="${text(head.description)}" />`,
    `<meta name="twitter:image" content="${url(image.url)}" />`,
    `<meta name="twitter:image:alt" content="${text(image.alt)}" />`,
  );
  for (const data of head.jsonLd ?? []) {
    lines.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  return lines.join('\n    ');
}

/** schema.org BreadcrumbList from (name, path) pairs, home first. */
export function breadcrumbList(
  items: readonly { name: string; path: string }[],
  publicUrl: string,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path, publicUrl),
    })),
  };
}

/** schema.org ItemList of pages (a blog page's posts, a catalogue page's books). */
export function itemList(paths: readonly string[], publicUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: paths.map((path, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absoluteUrl(path, publicUrl),
    })),
  };
}
