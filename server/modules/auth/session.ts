import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../domain/accounts.schemas';
import type { Auth } from './auth';

type UserRow = {
  id: string;
  email: string;
  username?: string | null;
  avatarUrl?: string | null;
  isAdmin?: boolean | null;
  isPremium?: boolean | null;
  premiumSince?: Date | string | null;
  createdAt: Date | string;
};

/** The reader as the API shows them to themselves. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? null,
    avatarUrl: user.avatarUrl ?? null,
    isAdmin: user.isAdmin === true,
    isPremium: user.isPremium === true,
    premiumSince: user.premiumSince ? new Date(user.premiumSince).toISOString() : null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/**
 * Only what better-auth needs from the browser's request: the session cookie, and the
 * client's address and agent (stored with the session). Origin is checked by our own hook.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  if (request.headers['user-agent']) headers.set('user-agent', request.headers['user-agent']);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Copies better-auth's Set-Cookie headers (new, refreshed or cleared session) onto the reply. */
export function forwardCookies(from: Headers | null | undefined, reply: FastifyReply): void {
  const cookies = from?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

async function lookUp(auth: Auth, request: FastifyRequest, reply: FastifyReply) {
  const fast = await auth.readSession(request.headers.cookie ?? '');
  if (fast === null) return null;
  if (fast !== 'delegate') return toSessionUser(fast.user);
  const { headers, response } = await auth.api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  forwardCookies(headers, reply);
  return response ? toSessionUser(response.user as UserRow) : null;
}

/**
 * The signed-in reader of a request, or null; a sliding session is refreshed on the way.
 * Called once per request, by the auth plugin (plugins/auth.ts).
 */
export function readSession(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  // No session cookie, no session: skip the lookup (a sixth of a visitor's request CPU).
  if (!request.headers.cookie?.includes('session_token')) return Promise.resolve(null);
  return lookUp(auth, request, reply);
}
