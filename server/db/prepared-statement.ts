import { fillPlaceholders, is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A database or a transaction: both run statements on their own connection. */
export type Executor = Pick<Db, '_'>;

/** Every named statement defined so far (name → SQL), so that a test can prepare them all. */
export const namedStatements = new Map<string, string>();

/**
 * A statement's parameters as drizzle placeholders, one per name: `p.userId` stands for
 * `sql.placeholder('userId')`, so a statement never numbers its parameters by hand.
 */
export type Params<P> = { readonly [K in keyof P & string]: Placeholder<K, P[K]> };

/** The statement's text and, per `$n`, the placeholder (or constant) that fills it. */
export type CompiledStatement = { text: string; params: unknown[] };

const dialect = new PgDialect();

const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_target, key) => (typeof key === 'string' ? sql.placeholder(key) : undefined),
});

/**
 * Turns a statement built from drizzle `SQL` fragments into its text and the order of its
 * parameters, once, at definition. The dialect's `sqlToQuery` is the one call into drizzle's
 * compiler; `prepared-statement.test.ts` checks what it produces on both engines.
 */
export function compileStatement<P>(build: (p: Params<P>) => SQL): CompiledStatement {
  const query = dialect.sqlToQuery(build(placeholders as Params<P>));
  // drizzle numbers every place a value fills ($1, $2… for one name used twice); the answer's
  // write fills a reader's id in a dozen places. One parameter per name, as a hand-written
  // statement had, binds and types each value once.
  const params: unknown[] = [];
  const slotOf = new Map<string, number>();
  const slots = query.params.map((param) => {
    const name = placeholderName(param);
    const known = name === null ? undefined : slotOf.get(name);
    if (known !== undefined) return known;
    params.push(param);
    if (name !== null) slotOf.set(name, params.length);
    return params.length;
  });
  const text = query.sql.replace(/\$(\d+)\b/g, (_match, n: string) => `$${slots[Number(n) - 1]}`);
  return { text, params };
}

/** The name of the placeholder a compiled parameter stands for, or null for a constant. */
function placeholderName(param: unknown): string | null {
  if (is(param, Placeholder)) return param.name;
  if (is(param, Param) && is(param.value, Placeholder)) return param.value.name;
  return null;
}

/** Runs a constant text as the named statement `name` (the session's `prepareQuery`). */
async function run<Row>(executor: Executor, name: string, text: string, params: unknown[]) {
  const result = (await executor._.session
    .prepareQuery({ sql: text, params }, undefined, name, false)
    .execute()) as { rows: Row[] };
  return result.rows;
}

/**
 * A constant SQL statement run as a named prepared statement on whichever executor is given,
 * the pool or a transaction's connection: PostgreSQL parses and plans it once per connection
 * (planning cost as much as running on the answer path, decision 009), and no query is built
 * per call. PGlite ignores the name.
 *
 * The statement is built once from drizzle `SQL` fragments, its parameters named
 * (`preparedStatement<{ userId: string }, Row>('name', (p) => sql\`… ${p.userId} …\`)`), and a
 * call passes them as an object. Fragments other modules own come from their `*.sql.ts`.
 */
export function preparedStatement<P extends Record<string, unknown>, Row>(
  name: string,
  build: (p: Params<P>) => SQL,
): (executor: Executor, params: P) => Promise<Row[]> {
  const compiled = compileStatement(build);
  namedStatements.set(name, compiled.text);
  return async (executor, values) =>
    run<Row>(executor, name, compiled.text, fillPlaceholders(compiled.params, values));
}
