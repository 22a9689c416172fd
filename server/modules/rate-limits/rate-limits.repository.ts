import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { rateLimitsSql } from './rate-limits.sql';

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; retryAfterMs: number };

// One statement, so one round trip, prepared once per connection. A counter lost in a crash
// costs nothing, so its commit does not wait for the disk: set_config(…, true) lasts until the
// end of the statement's own transaction, whose commit reads it (one WAL flush in 200 hits).
const hitStatement = preparedStatement<
  { key: string; seconds: number },
  { count: number; retry_ms: number }
>(
  'rate_limit_hit',
  (p) => sql`with hit as (${rateLimitsSql.hit({ key: p.key, seconds: p.seconds, when: sql`true` })})
   select count, retry_ms, set_config('synchronous_commit', 'off', true) as commit_mode from hit`,
);

/** Counts one hit on `key` and says whether it is within `rule`, in one atomic statement. */
export function createRateLimitsRepository({ db }: { db: Db }) {
  return {
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const windowSeconds = rule.windowMs / 1000;
      const [row] = await hitStatement(db, { key, seconds: windowSeconds });
      const count = Number(row?.count ?? 1);
      return { allowed: count <= rule.limit, retryAfterMs: Number(row?.retry_ms ?? 0) };
    },

    /** Drops windows that ended long ago (called now and then, not on every hit). */
    async purgeExpired(): Promise<void> {
      await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
