import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchStatement } from '../modules/books/search-statement';
import { buildTestApp, type TestApp } from '../test/app';
import { namedStatements, preparedStatement } from './prepared-statement';

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
    preparedStatement('check_broken', 'select no_such_column from reading_progress where id = $1');
    expect(await prepare('check_broken', namedStatements.get('check_broken') as string)).toMatch(
      /no_such_column/,
    );
    namedStatements.delete('check_broken');
  });
});
