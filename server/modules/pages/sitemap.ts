import { escapeHtml } from '../../../domain/html';

export type SitemapEntry = {
  path: string;
  lastmod?: Date | undefined;
  changefreq?: 'daily' | 'weekly' | 'monthly' | undefined;
  priority: number;
};

/** A sitemap (sitemaps.org 0.9) of the site's addresses. */
export function sitemapXml(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${escapeHtml(`${publicUrl}${entry.path}`)}</loc>`];
    if (entry.lastmod) parts.push(`<lastmod>${entry.lastmod.toISOString()}</lastmod>`);
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
    parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    return `<url>${parts.join('')}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything but the API, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export type FeedItem = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: Date;
  tags?: readonly string[];
};

/** The blog's RSS 2.0 feed, newest post first. */
export function rssXml(
  channel: { title: string; description: string; path: string },
  items: readonly FeedItem[],
  publicUrl: string,
): string {
  const x = escapeHtml;
  const entries = items.map((item) => {
    const link = x(`${publicUrl}/blog/${item.slug}`);
    return [
      '<item>',
      `<title>${x(item.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      `<description>${x(item.excerpt)}</description>`,
      `<dc:creator>${x(item.author)}</dc:creator>`,
      `<pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      ...(item.tags ?? []).map((tag) => `<category>${x(tag)}</category>`),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${x(channel.title)}</title>`,
    `<link>${x(`${publicUrl}${channel.path}`)}</link>`,
    `<description>${x(channel.description)}</description>`,
    '<language>fr-FR</language>',
    `<atom:link href="${x(`${publicUrl}/blog/feed.xml`)}" rel="self" type="application/rss+xml" />`,
    ...(items[0] ? [`<lastBuildDate>${items[0].publishedAt.toUTCString()}</lastBuildDate>`] : []),
    ...entries,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
