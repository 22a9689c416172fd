import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SessionUser } from '../../domain/accounts.schemas';
import { accountMessages } from '../../domain/messages/accounts';
import { AppError } from '../errors';
import type { Auth } from '../modules/auth/auth';
import { readSession } from '../modules/auth/session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in reader of this request, or null: read once, before any /api handler. */
    reader: SessionUser | null;
  }
  interface FastifyInstance {
    /** Drops cached sessions at once, after this process changed a session or a reader. */
    forgetSessions: () => void;
  }
}

/**
 * Who is asking: the session is read once per /api request into `request.reader`, after
 * the request's schemas were checked (bad input is a 400 before it is a 401). Routes never
 * see better-auth; they guard themselves with `requireReader` or `requireAdmin`.
 */
export async function registerAuth(app: FastifyInstance, { auth }: { auth: Auth }) {
  app.decorateRequest('reader', null);
  app.decorate('forgetSessions', auth.forgetSessions);
  app.addHook('preHandler', async (request, reply) => {
    if (request.url.startsWith('/api/')) request.reader = await readSession(auth, request, reply);
  });
}

/**
 * A preHandler for routes only a signed-in reader may use: 401 with `message` (the route's
 * own French sentence, or the general one) when there is no session. Set it as the route's
 * own `preHandler`, never as a hook on a scope (docs/architecture.md, "Walls").
 */
export function requireReader(
  message: string = accountMessages.authRequired,
): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.reader) throw new AppError('AUTH_REQUIRED', message);
  };
}

/** A preHandler for administrators' routes: 401 without a session, 403 'Accès refusé…' otherwise. */
export const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
  if (!request.reader) throw new AppError('AUTH_REQUIRED', accountMessages.authRequired);
  if (!request.reader.isAdmin) throw new AppError('FORBIDDEN', accountMessages.adminRequired);
};

/**
 * The reader of a guarded route, typed. It refuses too when there is none, so a route whose
 * guard was forgotten still never acts for nobody.
 */
export function signedIn(request: FastifyRequest): SessionUser {
  if (!request.reader) throw new AppError('AUTH_REQUIRED', accountMessages.authRequired);
  return request.reader;
}
