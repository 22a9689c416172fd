import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessages } from '../../domain/messages/errors';
import { errorBody } from '../errors';
import { bearerToken } from './auth';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `schema.security` of a route called by another service, not a browser (Stripe's webhook):
 * it proves itself by a signature over the body, checked by the route, so no Origin applies.
 */
export const senderSignature = [{ senderSignature: [] }] as const;
const SIGNED = JSON.stringify(senderSignature);

/**
 * Cross-site request forgery guard: a request that changes something must come from a page
 * of ours, as its Origin (or, failing that, Referer) header proves. Browsers always send
 * Origin on cross-site POSTs, so a missing one is refused too.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const trusted = trustedOrigins(options.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    // request.url is canonical (canonical-url.ts): the path the router matched.
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (JSON.stringify(request.routeOptions.schema?.security ?? null) === SIGNED) return;
    // A personal API token is no ambient authority: another site cannot make a browser send
    // one. Without a cookie nothing a browser holds is used, so the token's route needs no
    // Origin; with one, the check stands (the cookie is ignored, but never unguarded).
    if (acceptsToken(request) && request.headers.cookie === undefined) return;
    // PUBLIC_URL only: the Host header is the caller's to choose, so it proves nothing.
    const claimed = request.headers.origin ?? originOf(request.headers.referer);
    if (claimed !== undefined && trusted.has(claimed)) return;
    return reply.status(403).send(errorBody('FORBIDDEN', errorMessages.originRefused));
  });
}

/** A bearer token sent to a route where one may act (plugins/auth.ts, `tokenAccessOf`). */
function acceptsToken(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.tokenAccess;
  return (access === 'read' || access === 'write') && bearerToken(request) !== null;
}

/**
 * PUBLIC_URL's origin; when it names this machine as `localhost` (the default of `npm start`),
 * also the same port as 127.0.0.1 and [::1], which reach the same server. Never the Host header.
 */
export function trustedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (url.hostname === 'localhost') {
    for (const host of ['127.0.0.1', '[::1]']) {
      origins.add(new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`).origin);
    }
  }
  return origins;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
