import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { SessionUser } from '../../domain/accounts.schemas';
import { type ApiTokenScope, scopeNeeded } from '../../domain/api-tokens';
import { accountMessages } from '../../domain/messages/accounts';
import { apiTokenMessages } from '../../domain/messages/api-tokens';
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
  interface FastifyContextConfig {
    /** What a personal API token may do on this route, from its guard (`tokenAccessOf`). */
    tokenAccess?: TokenAccess;
  }
}

/**
 * What a personal API token may do on a route: act for its reader with the scope named
 * ('read' or 'write'), nothing ('refused': a 403 whatever the token), or the route never
 * asks who is calling ('unused': a visitor's route, where a token is not even looked up).
 */
export type TokenAccess = ApiTokenScope | 'refused' | 'unused';

/** Checks a bearer token for a route that needs `scope`: its reader, or a French 401/403/429. */
export type TokenAuthenticator = (
  token: string,
  context: { scope: ApiTokenScope; ip: string },
) => Promise<SessionUser>;

// A guard states, on the function itself, what a token may do where it guards.
const TOKENS = Symbol('what a personal API token may do behind this guard');
type GuardTokens = ApiTokenScope | 'refused' | 'by-method';
type Guard = preHandlerAsyncHookHandler & { [TOKENS]?: GuardTokens };
const marked = (guard: preHandlerAsyncHookHandler, tokens: GuardTokens): Guard =>
  Object.assign(guard, { [TOKENS]: tokens });

const strictness: readonly TokenAccess[] = ['refused', 'write', 'read', 'unused'];

const mentionsSession = (schema: FastifySchema | undefined) =>
  JSON.stringify(schema?.security ?? []).includes('"session"');

/**
 * A route's token access, from its own guards (docs/architecture.md#personal-api-tokens):
 * `requireAdmin` and `requireSession` refuse tokens; `requireReader` takes a token whose
 * scope covers the method (read for GET, write for the rest) unless it states one. A route
 * without a guard that shows more to a signed-in reader (`sessionOptional`) takes a read
 * token on GET and refuses one elsewhere (sign-out is a browser's business); any other route
 * never asks who is calling.
 */
export function tokenAccessOf(route: {
  method: string;
  preHandler?: RouteOptions['preHandler'];
  schema?: FastifySchema;
}): TokenAccess {
  const stated = [route.preHandler ?? []]
    .flat()
    .map((guard) => (guard as Guard)[TOKENS])
    .filter((tokens) => tokens !== undefined);
  if (stated.includes('refused')) return 'refused';
  const scope = stated.find((tokens) => tokens === 'read' || tokens === 'write');
  if (scope) return scope;
  if (stated.includes('by-method')) return scopeNeeded(route.method);
  if (mentionsSession(route.schema))
    return scopeNeeded(route.method) === 'read' ? 'read' : 'refused';
  return 'unused';
}

/**
 * The token of an `Authorization: Bearer …` header ('' when the scheme comes alone), or null
 * when the request has no such header (another scheme counts as none).
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !/^bearer(\s|$)/i.test(header)) return null;
  return header.slice('bearer'.length).trim();
}

/**
 * Who is asking: the session is read once per /api request into `request.reader`, after
 * the request's schemas were checked (bad input is a 400 before it is a 401). Routes never
 * see better-auth; they guard themselves with `requireReader` or `requireAdmin`.
 *
 * A request with `Authorization: Bearer` is a personal API token's, and its cookies are never
 * read: the token is checked where the route's guard lets one act (`tokenAccessOf`, stamped
 * on each route as it is added), refused where it does not, and not looked up at all on a
 * route that never asks who is calling.
 */
export async function registerAuth(
  app: FastifyInstance,
  { auth, tokens }: { auth: Auth; tokens: TokenAuthenticator },
) {
  app.decorateRequest('reader', null);
  app.decorate('forgetSessions', auth.forgetSessions);
  app.addHook('onRoute', (route) => {
    // A route of several methods gets the strictest of their accesses.
    const accesses = [route.method].flat().map((method) => tokenAccessOf({ ...route, method }));
    const tokenAccess = strictness.find((access) => accesses.includes(access)) ?? 'unused';
    route.config = { ...route.config, tokenAccess };
  });
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (token === null) {
      request.reader = await readSession(auth, request, reply);
      return;
    }
    const access = request.routeOptions.config.tokenAccess ?? 'unused';
    if (access === 'unused') return;
    if (access === 'refused') throw new AppError('FORBIDDEN', apiTokenMessages.notHere);
    request.reader = await tokens(token, { scope: access, ip: request.ip });
  });
}

/**
 * A preHandler for routes only a signed-in reader may use: 401 with `message` (the route's
 * own French sentence, or the general one) when there is no session. Set it as the route's
 * own `preHandler`, never as a hook on a scope (docs/architecture.md, "Walls"). A personal
 * API token acts here when its scope covers the route's method (read for GET, write for the
 * rest), or the scope `options.token` states.
 */
export function requireReader(
  message: string = accountMessages.authRequired,
  options: { token?: ApiTokenScope | 'refused' } = {},
): preHandlerAsyncHookHandler {
  return marked(async (request) => {
    if (!request.reader) throw new AppError('AUTH_REQUIRED', message);
  }, options.token ?? 'by-method');
}

/**
 * `requireReader` for what only the reader's own signed-in session may do, never a personal
 * API token: the password, the account's deletion and address, the tokens themselves.
 */
export const requireSession = (message?: string) => requireReader(message, { token: 'refused' });

/**
 * A preHandler for administrators' routes: 401 without a session, 403 'Accès refusé…'
 * otherwise. A personal API token never acts here, whoever it belongs to.
 */
export const requireAdmin: preHandlerAsyncHookHandler = marked(async (request) => {
  if (!request.reader) throw new AppError('AUTH_REQUIRED', accountMessages.authRequired);
  if (!request.reader.isAdmin) throw new AppError('FORBIDDEN', accountMessages.adminRequired);
}, 'refused');

/**
 * The reader of a guarded route, typed. It refuses too when there is none, so a route whose
 * guard was forgotten still never acts for nobody.
 */
export function signedIn(request: FastifyRequest): SessionUser {
  if (!request.reader) throw new AppError('AUTH_REQUIRED', accountMessages.authRequired);
  return request.reader;
}
