import type { Db } from './client';

/** A database or a transaction: both run statements on their own connection. */
export type Executor = Pick<Db, '_'>;

/** Every named statement defined so far (name → SQL), so that a test can prepare them all. */
export const namedStatements = new Map<string, string>();

/**
 * A constant SQL text run as a named prepared statement on whichever executor is given, the
 * pool or a transaction's connection: PostgreSQL parses and plans it once per connection
 * (planning cost as much as running on the answer path), and no query is built per call.
 * PGlite ignores the name. Parameters are positional ($1, $2…), cast in the text.
 */
export function preparedStatement<Row>(name: string, text: string) {
  namedStatements.set(name, text);
  return async (executor: Executor, params: unknown[]): Promise<Row[]> => {
    const result = (await executor._.session
      .prepareQuery({ sql: text, params }, undefined, name, false)
      .execute()) as { rows: Row[] };
    return result.rows;
  };
}
