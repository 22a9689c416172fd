import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '../../domain/messages/errors';
import { isAppPath, redirects } from '../../domain/screen-paths';
import { errorBody } from '../errors';
import { type PreparedBody, sendPrepared } from './prepared-body';

/** A page rendered on the server (server/modules/pages), or null for the shell. */
export type RenderPage = (
  url: string,
) => Promise<{ status: number; body: PreparedBody | null; redirect?: string | undefined } | null>;

/** The cache policy of the build's hashed files: a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Serves the built client: hashed files under /assets/ are cached for a year, everything
 * else revalidates. Public pages come rendered by the server (`renderPage`, decision 030);
 * other page paths get the app shell (200 for known screens, 404 for unknown ones, whose
 * shell shows 'Page introuvable'); /api and file-like paths get JSON 404s.
 */
export async function registerClient(
  app: FastifyInstance,
  options: { clientDir: string; renderPage?: RenderPage | undefined },
): Promise<void> {
  for (const [from, to] of Object.entries(redirects)) {
    app.get(from, (_request, reply) => reply.redirect(to, 301));
  }

  const indexPath = path.join(options.clientDir, 'index.html');
  const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(options.clientDir, filePath);
        reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn(`client not built (${indexPath} missing): run npm run build`);
  }

  const notFound = (reply: FastifyReply) =>
    reply.status(404).send(errorBody('NOT_FOUND', errorMessages.notFound));
  app.setNotFoundHandler((_request, reply) => notFound(reply));

  // A real route (not the not-found handler) so compression and security hooks apply.
  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (indexHtml === null || isApi || path.extname(pathname) !== '') return notFound(reply);
    const known = isAppPath(pathname);
    const rendered = known && options.renderPage ? await options.renderPage(request.url) : null;
    if (rendered?.redirect) return reply.redirect(rendered.redirect, 302);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (rendered?.body) return sendPage(request, reply, rendered.status, rendered.body);
    return reply.status(rendered?.status ?? (known ? 200 : 404)).send(indexHtml);
  });
}

/** A rendered page, compressed once per encoding for all the requests its cache serves. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: PreparedBody,
): FastifyReply {
  return sendPrepared(request, reply.status(status), body);
}
