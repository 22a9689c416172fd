import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * SQL about the rate limits' counters that other modules compose into their own statements
 * (docs/architecture.md#modules), as drizzle `SQL` with named parameters (decision 039):
 * arguments are SQL values (placeholders, other fragments), never numbered text.
 */
export const rateLimitsSql = {
  /**
   * A CTE body: counts one hit on `key` in a window of `seconds` when `when` is true, so a
   * statement can count its own hit in the same round trip (the answer path does). Returns
   * `count` (hits in the window, this one included) and `retry_ms`.
   */
  hit: (p: { key: SQLWrapper; seconds: SQLWrapper; when: SQLWrapper }) =>
    sql<{ count: number; retry_ms: number }>`insert into rate_limits as r (key, count, reset_at)
   select ${p.key}::text, 1, now() + make_interval(secs => ${p.seconds}::float8) where ${p.when}
   on conflict (key) do update set
     count = case when r.reset_at <= now() then 1 else r.count + 1 end,
     reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
   returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::int as retry_ms`,

  /**
   * Deletes the counters whose key is in `keys` or starts with one of `prefixes` (both text[]
   * values): a module forgets the counters it keyed by what it must erase (the auth module,
   * an e-mail address when its account is deleted).
   */
  forget: ({ keys, prefixes }: { keys: SQLWrapper; prefixes: SQLWrapper }) =>
    sql`delete from rate_limits
     where key = any((${keys})::text[])
       or exists (select 1 from unnest((${prefixes})::text[]) as p(prefix) where starts_with(key, p.prefix))`,
};
