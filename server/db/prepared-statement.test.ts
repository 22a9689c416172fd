import { Placeholder, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchStatement } from '../modules/books/search-statement';
import { buildTestApp, type TestApp } from '../test/app';
import { compileStatement, namedStatements, preparedStatement } from './prepared-statement';

// Raw SQL is not checked by the compiler: a migration that renames a column would break a
// named statement only when a reader hits it. Here every one is prepared (parsed, names
// resolved, parameter types inferred) on the migrated database of each engine.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(); // loads every module, so every constant statement is defined
  // The search's statements are made per query shape: one of each kind of word.
  searchStatement(['ab']);
  searchStatement(['livre', 'de', 'hugo']);
});
afterAll(() => t.close());

async function prepare(name: string, text: string): Promise<string | null> {
  try {
    await t.database.db.execute(sql.raw(`prepare check_${name} as ${text}`));
    await t.database.db.execute(sql.raw(`deallocate check_${name}`));
    return null;
  } catch (error) {
    return `${name}: ${(error as Error).message}`;
  }
}

describe('named SQL statements', () => {
  it('all prepare on the migrated schema', async () => {
    expect(namedStatements.size).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    for (const [name, text] of namedStatements) {
      const failure = await prepare(name, text);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });

  it('would catch a statement naming a column the schema does not have', async () => {
    preparedStatement<{ id: string }, never>(
      'check_broken',
      (p) => sql`select no_such_column from reading_progress where id = ${p.id}`,
    );
    expect(await prepare('check_broken', namedStatements.get('check_broken') as string)).toMatch(
      /no_such_column/,
    );
    namedStatements.delete('check_broken');
  });
});

describe('a statement built from fragments with named parameters', () => {
  // A fragment as an owner module exports one: it takes SQL expressions, never numbers them.
  const countOf = (value: SQLWrapper) =>
    sql<number>`(select count(*)::int from generate_series(1, ${value}))`;

  it('compiles once into positional text, one parameter per name wherever it is used', () => {
    const compiled = compileStatement<{ n: number; label: string }>(
      (p) =>
        sql`select ${p.label}::text as label, ${countOf(p.n)} as a, ${countOf(p.n)} as b, ${'fixed'}::text as c`,
    );
    expect(compiled.text).toBe(
      'select $1::text as label, (select count(*)::int from generate_series(1, $2)) as a, (select count(*)::int from generate_series(1, $2)) as b, $3::text as c',
    );
    expect(
      compiled.params.map((param) => (param instanceof Placeholder ? `:${param.name}` : param)),
    ).toEqual([':label', ':n', 'fixed']);
  });

  it('runs with an object of values and reads its rows', async () => {
    const statement = preparedStatement<
      { n: number; label: string },
      { label: string; a: number; c: string }
    >(
      'check_fragments',
      (p) => sql`select ${p.label}::text as label, ${countOf(p.n)} as a, ${'fixed'}::text as c`,
    );
    expect(await statement(t.database.db, { n: 3, label: 'trois' })).toEqual([
      { label: 'trois', a: 3, c: 'fixed' },
    ]);
    // The same statement on a transaction's connection, with other values.
    const rows = await t.database.db.transaction((tx) => statement(tx, { n: 5, label: 'cinq' }));
    expect(rows).toEqual([{ label: 'cinq', a: 5, c: 'fixed' }]);
    namedStatements.delete('check_fragments');
  });

  it('refuses a call that leaves a named parameter without a value', async () => {
    const statement = preparedStatement<{ n: number }, { a: number }>(
      'check_missing',
      (p) => sql`select ${countOf(p.n)} as a`,
    );
    await expect(statement(t.database.db, {} as { n: number })).rejects.toThrow(/placeholder "n"/);
    namedStatements.delete('check_missing');
  });
});
