import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { sessions, users } from './auth.table';

export type SessionSettings = { expiresIn: number; updateAge: number };

/** The channel of migration 0012's triggers: a session or a reader changed. */
export const SESSIONS_CHANNEL = 'lisons_sessions';

export type SessionRow = {
  expiresAt: Date;
  user: typeof users.$inferSelect;
};

/**
 * The session token of a better-auth cookie value (`token.base64(HMAC-SHA256(token))`,
 * URL-encoded), or null when the signature does not match our secret.
 */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Reads a session for the common case only: a valid signed cookie whose session is live
 * and not yet due for its sliding refresh. Anything else returns 'delegate', and
 * better-auth itself handles it (refresh, expiry, clearing the cookie). Through
 * better-auth a lookup costs two queries and about 4 ms of CPU in between; this path is
 * one indexed join, and none at all while the session sits in the cache. The cache is
 * dropped on any change to sessions or readers (`forget`, wired to SESSIONS_CHANNEL), so a
 * sign-out, a reset or a revoked right takes effect in every process within milliseconds;
 * expiry and refresh are checked on every request, cached or not.
 */
export function createSessionReader(options: {
  db: Db;
  secret: string;
  settings: SessionSettings;
  /** better-auth's name for the cookie (it depends on the secure prefix). */
  cookieName: Promise<string>;
}) {
  const { db, secret, settings } = options;
  const cache = createReadCache<SessionRow | null>({
    name: 'sessions',
    maxEntries: 10_000,
    ttlMs: 30_000,
  });
  // A named prepared statement: PostgreSQL plans it once per connection, not per request.
  const byToken = db
    .select({ expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_by_token');
  const load = async (token: string): Promise<SessionRow | null> => {
    const [row] = await byToken.execute({ token });
    return row ?? null;
  };
  let cookieName: string | undefined;
  const read = async (cookieHeader: string): Promise<SessionRow | 'delegate' | null> => {
    cookieName ??= await options.cookieName;
    const signed = cookieValue(cookieHeader, cookieName);
    if (signed === null) return null;
    // Keyed by the signed value, checked once when it is loaded: a cached session costs no
    // HMAC. A value whose signature fails is never stored (its load throws).
    const row = await cache
      .get(signed, async () => {
        const token = verifiedToken(signed, secret);
        if (!token) throw unsigned;
        return load(token);
      })
      .catch((error: unknown) => {
        if (error === unsigned) return null;
        throw error;
      });
    if (!row) return 'delegate';
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    // better-auth's own rule: refresh once the session is more than updateAge old.
    const dueForRefresh = expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= now;
    if (expiresAt <= now || dueForRefresh) return 'delegate';
    return row;
  };
  return { read, forget: cache.clear };
}

const unsigned = new Error('the cookie is not signed with our secret');

export type SessionReader = ReturnType<typeof createSessionReader>;
