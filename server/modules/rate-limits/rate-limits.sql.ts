// SQL about the rate limits' counters that other modules compose into their own statements
// (docs/architecture.md#modules). Arguments are SQL expressions.

export const rateLimitsSql = {
  /**
   * Deletes the counters whose key is in `keys` or starts with one of `prefixes` (both SQL
   * text[] expressions): a module forgets the counters it keyed by what it must erase (the
   * auth module, an e-mail address when its account is deleted).
   */
  forget: ({ keys, prefixes }: { keys: string; prefixes: string }) =>
    `delete from rate_limits
     where key = any((${keys})::text[])
       or exists (select 1 from unnest((${prefixes})::text[]) as p(prefix) where starts_with(key, p.prefix))`,
};
