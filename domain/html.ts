/**
 * Text for an attribute value or an element's content, in HTML and in XML alike (a sitemap,
 * an SVG): the five entities are ones both languages know, so one escape serves every page,
 * mail and picture the server writes.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
