import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '../../domain/messages/errors';
import { isAppPath, redirects } from '../../domain/screen-paths';
import { errorBody } from '../errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Serves the built client: hashed files under /assets/ are cached for a year, everything
 * else revalidates. Page paths get the app shell (200 for known screens, 404 for unknown
 * ones, whose shell shows 'Page introuvable'); /api and file-like paths get JSON 404s.
 */
export async function registerClient(
  app: FastifyInstance,
  options: { clientDir: string },
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
  app.get('/*', (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (indexHtml === null || isApi || path.extname(pathname) !== '') return notFound(reply);
    return reply
      .status(isAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
