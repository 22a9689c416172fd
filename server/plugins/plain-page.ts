import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../domain/html';

// The small French pages a mailed link opens (unsubscribe, address confirmation): no script,
// readable in any browser, signed in or not; our CSP allows their inline style.

/** A paragraph of escaped text, with an ARIA role when it reports a result. */
export const paragraph = (text: string, role?: 'status' | 'alert') =>
  `<p${role ? ` role="${role}"` : ''}>${escapeHtml(text)}</p>`;

/** Sends a page titled `title` whose `body` is already-escaped markup, then a link out. */
export function sendPlainPage(
  reply: FastifyReply,
  page: { status: number; title: string; body: string; link: { href: string; text: string } },
) {
  return reply
    .status(page.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} — Lisons</title>
<style>
body { font-family: Georgia, serif; color: #1f2937; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 0; background: #1f2937; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
a { color: #1d4ed8; }
</style></head>
<body><main><h1>${escapeHtml(page.title)}</h1>
${page.body}
<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p></main></body></html>`);
}
