import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  API_TOKEN_PREFIX,
  type ApiTokenScope,
  apiTokenExpiry,
  MAX_API_TOKENS,
  scopeAllows,
} from '../../../domain/api-tokens';
import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from '../../../domain/api-tokens.schemas';
import { apiTokenMessages as m } from '../../../domain/messages/api-tokens';
import type { Db } from '../../db/client';
import { databaseErrorOf } from '../../db/database-error';
import { AppError } from '../../errors';
import type { TokenAuthenticator } from '../../plugins/auth';
import { enforceRateLimits, type RateLimitsRepository } from '../rate-limits';
import { apiTokens } from './api-tokens.table';
import { users } from './auth.table';
import { toSessionUser } from './session';

const MINUTE = 60_000;

/** docs/architecture.md#rate-limits: what one token, and one address's bad tokens, may cost. */
export const apiTokenLimits = {
  /** Requests one token may make, reads and writes together (a route's own limit also holds). */
  perToken: { limit: 300, windowMs: MINUTE },
  /** Unknown, revoked or expired tokens one address may send before it is told to wait. */
  refusedPerAddress: { limit: 30, windowMs: 15 * MINUTE },
} as const;

/** A last use is written again only after this long, or from another address. */
const USE_RECORDED_EVERY_MS = MINUTE;

/** What the database keeps of a token: its SHA-256, hex. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token: the recognisable prefix, then 32 random bytes in base64url (43 characters). */
export const newApiToken = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

type TokenRow = typeof apiTokens.$inferSelect;

function shown(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedFrom: row.lastUsedIp,
  };
}

/**
 * Personal API tokens (docs/architecture.md#personal-api-tokens): a reader creates, lists and
 * revokes theirs; `authenticate` turns a bearer token into its reader for the who-is-asking
 * hook (plugins/auth.ts). A token is found by the hash of what was sent, so no comparison
 * of secrets happens in this process; a lookup is never cached, so a revocation holds on
 * the next request in every process.
 */
export function createApiTokens({ db, rateLimits }: { db: Db; rateLimits: RateLimitsRepository }) {
  // A named prepared statement, as the session's: planned once per connection.
  const byHash = db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      user: users,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_token_by_hash');

  const refuse = async (ip: string, message: string): Promise<never> => {
    await enforceRateLimits(rateLimits, [
      { key: `api-token-refused:ip:${ip}`, rule: apiTokenLimits.refusedPerAddress },
    ]);
    throw new AppError('AUTH_REQUIRED', message);
  };

  const authenticate: TokenAuthenticator = async (token, { scope, ip }) => {
    const [row] = token.startsWith(API_TOKEN_PREFIX)
      ? await byHash.execute({ hash: hashApiToken(token) })
      : [];
    if (!row) return refuse(ip, m.unknownToken);
    const now = Date.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now) return refuse(ip, m.expiredToken);
    await enforceRateLimits(rateLimits, [
      { key: `api-token:${row.id}`, rule: apiTokenLimits.perToken },
    ]);
    if (!scopeAllows(row.scope, scope)) throw new AppError('FORBIDDEN', m.readOnly);
    const recent = row.lastUsedAt && now - row.lastUsedAt.getTime() < USE_RECORDED_EVERY_MS;
    if (!recent || row.lastUsedIp !== ip) {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now), lastUsedIp: ip })
        .where(eq(apiTokens.id, row.id));
    }
    // A token acts with its reader's rights, never an administrator's, whoever made it: the
    // rights some reader routes give administrators (reviewing at any level, removing others'
    // messages) stay with their signed-in session.
    return { ...toSessionUser(row.user), isAdmin: false };
  };

  return {
    authenticate,

    /** The reader's tokens, oldest first, without their secrets. */
    async list(readerId: string): Promise<ApiToken[]> {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, readerId))
        .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
      return rows.map(shown);
    },

    /** A new token for the reader, its secret returned this once; 409 past MAX_API_TOKENS or on a name they use. */
    async create(
      readerId: string,
      body: ApiTokenCreate,
    ): Promise<Omit<ApiTokenCreated, 'message'>> {
      const secret = newApiToken();
      const row = await db.transaction(async (tx) => {
        // One creation at a time per reader, so the count below still holds at the insert.
        await tx.execute(sql`select id from users where id = ${readerId} for no key update`);
        const [held] = await tx
          .select({ n: count() })
          .from(apiTokens)
          .where(eq(apiTokens.userId, readerId));
        if ((held?.n ?? 0) >= MAX_API_TOKENS) throw new AppError('CONFLICT', m.tooMany);
        const [inserted] = await tx
          .insert(apiTokens)
          .values({
            userId: readerId,
            name: body.name.trim(),
            scope: body.scope as ApiTokenScope,
            tokenHash: hashApiToken(secret),
            expiresAt: apiTokenExpiry(new Date(), body.expiresInDays ?? null),
          })
          .returning()
          .catch((error: unknown) => {
            if (databaseErrorOf(error)?.code === '23505') {
              throw new AppError('ALREADY_EXISTS', m.nameTaken);
            }
            throw error;
          });
        return inserted as TokenRow;
      });
      return { token: shown(row), secret };
    },

    /** Deletes one of the reader's tokens: from then on it is unknown. 404 for any other id. */
    async revoke(readerId: string, tokenId: string): Promise<void> {
      const gone = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, readerId)))
        .returning({ id: apiTokens.id });
      if (gone.length === 0) throw new AppError('NOT_FOUND', m.notFound);
    },
  };
}

export type ApiTokens = ReturnType<typeof createApiTokens>;
