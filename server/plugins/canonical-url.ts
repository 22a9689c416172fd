import type { IncomingMessage } from 'node:http';

// A percent-encoded letter, digit, '-', '.', '_' or '~' (RFC 3986 §2.3: "unreserved").
const ENCODED_UNRESERVED = /%(?:3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2d|2e|5f|7e)/gi;

/**
 * The request's URL with every percent-encoded unreserved character of its path decoded
 * (RFC 3986 §6.2.2.2: the same resource). The router decodes them too, so without this
 * `/%61pi/x` reached the route `/api/x` while every hook testing `request.url` saw a path
 * outside /api (no Origin check, no session). Given to Fastify as `rewriteUrl`, it runs once
 * before routing: the router and every hook then read the same path. Other encodings are
 * kept (the router keeps reserved ones like %2F encoded, so no prefix can hide behind them).
 */
export function canonicalUrl(request: Pick<IncomingMessage, 'url'>): string {
  const url = request.url ?? '/';
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return url;
  const decoded = path.replace(ENCODED_UNRESERVED, (encoded) =>
    String.fromCharCode(Number.parseInt(encoded.slice(1), 16)),
  );
  return end === -1 ? decoded : decoded + url.slice(end);
}
