import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '../../domain/messages/shell';
import { absoluteUrl, defaultImage } from '../../domain/page-head';

let defaultDescription: string | null = null;

function descriptionTag(): HTMLMetaElement | null {
  return document.head.querySelector('meta[name="description"]');
}

/** The card's picture of a page (domain/page-head.ts): a path or an absolute address. */
export type PageImage = { url: string; alt: string };

function setAttribute(selector: string, attribute: string, value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * The canonical and Open Graph tags the server wrote for the first page loaded
 * (domain/page-head.ts headTags) follow the route as the reader moves inside the app, so a
 * link shared or previewed from here is this page's, not the first one's. Only tags already
 * there change: a page the browser rendered alone has none to correct.
 */
function followRoute(head: { title: string; description: string; path: string; image: PageImage }) {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) return;
  // The server's public address, as it wrote it (it may differ from the address in the bar).
  const site = new URL(canonical.href).origin;
  const url = absoluteUrl(head.path, site);
  const image = absoluteUrl(head.image.url, site);
  canonical.href = url;
  for (const [selector, value] of [
    ['meta[property="og:url"]', url],
    ['meta[property="og:title"]', head.title],
    ['meta[name="twitter:title"]', head.title],
    ['meta[property="og:description"]', head.description],
    ['meta[name="twitter:description"]', head.description],
    ['meta[property="og:image"]', image],
    ['meta[name="twitter:image"]', image],
    ['meta[property="og:image:alt"]', head.image.alt],
    ['meta[name="twitter:image:alt"]', head.image.alt],
  ] as const) {
    setAttribute(selector, 'content', value);
  }
  // The default picture's size does not describe another one.
  if (head.image.url !== defaultImage.url) {
    for (const side of ['width', 'height']) {
      document.head.querySelector(`meta[property="og:image:${side}"]`)?.remove();
    }
  }
}

/**
 * Sets the tab title ('<title> · Lisons') and, when given, the meta description of the
 * current page; the description of index.html comes back when the page goes away. The
 * canonical address (`path`, the current one by default) and the card's picture (`image`,
 * the site's by default) follow too.
 */
export function usePageMeta(options: {
  title: string;
  description?: string;
  path?: string;
  image?: PageImage;
}): void {
  const { title, description } = options;
  const { pathname } = useLocation();
  const path = options.path ?? pathname;
  const image = options.image ?? defaultImage;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    const tag = descriptionTag();
    if (!tag || description === undefined) return;
    defaultDescription ??= tag.content;
    tag.content = description;
    return () => {
      if (defaultDescription !== null) tag.content = defaultDescription;
    };
  }, [description]);
  useEffect(() => {
    followRoute({
      title: pageTitle(title),
      description: description ?? defaultDescription ?? descriptionTag()?.content ?? '',
      path,
      image: { url: image.url, alt: image.alt },
    });
  }, [title, description, path, image.url, image.alt]);
}
