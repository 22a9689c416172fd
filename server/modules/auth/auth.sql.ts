import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * SQL about readers (the users table) that other modules compose into their own single
 * statements (docs/architecture.md#modules), as drizzle `SQL` with named parameters
 * (`readersSql.locked(p.userId)`, decision 039): arguments are SQL values (a placeholder, a
 * column, another fragment), never numbered text. Aliases are SQL identifiers.
 */
export const readersSql = {
  /**
   * The reader's row, locked so that one reader's validations queue on it (their rewards
   * record is read after every earlier one committed). A row whose `id` is null: no reader.
   */
  locked: (userId: SQLWrapper) =>
    sql<{ id: string | null }>`(select id from users where id = ${userId} for no key update)`,

  /** The reader's time zone (one row, none for an unknown reader). */
  timeZone: (userId: SQLWrapper) =>
    sql<{ time_zone: string }>`select time_zone from users where id = ${userId}`,

  /**
   * `users <alias>` joined on its id, for a reader's public summary: only `id`, `username`,
   * `avatar_url` (and `time_zone` for their days) may be read from it, never e-mail or flags.
   */
  join: ({ alias, id }: { alias: string; id: SQLWrapper }) =>
    sql`users ${sql.identifier(alias)} on ${sql.identifier(alias)}.id = ${id}`,

  /** True when the reader has proved their address: only then do they get our own mails. */
  verified: (userId: SQLWrapper) =>
    sql<boolean>`exists (select 1 from users where id = ${userId} and email_verified)`,

  /** True when the reader exists. */
  exists: (userId: SQLWrapper) => sql<boolean>`exists (select 1 from users where id = ${userId})`,

  /** How many readers the community has. */
  count: () => sql<number>`(select count(*)::int from users)`,
};
