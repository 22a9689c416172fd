import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkArchitecture, readServerFiles, type SourceFile } from './check-architecture';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = (p: string, text: string): SourceFile => ({ path: p, text });
// The fixtures of the first rules import inner files for brevity: those tests look at their own rule.
const withoutDeepImports = (files: SourceFile[]) =>
  checkArchitecture(files).filter((violation) => violation.rule !== 'deep-import');

describe('the server architecture check', () => {
  it('finds the real server free of module cycles and of tables used outside their owner', () => {
    expect(checkArchitecture(readServerFiles(root))).toEqual([]);
  });

  it('reports a cycle between two modules, even through a shared server file', () => {
    const violations = withoutDeepImports([
      file('server/modules/a/a.service.ts', "import { b } from '../b/b.service';"),
      file('server/modules/b/b.service.ts', "import { helper } from '../../plugins/helper';"),
      file('server/plugins/helper.ts', "import { a } from '../modules/a/a.service';"),
    ]);
    expect(violations).toEqual([{ rule: 'cycle', message: 'cycle between modules: a ↔ b' }]);
  });

  it('ignores type-only imports, which vanish at run time', () => {
    const violations = withoutDeepImports([
      file('server/modules/a/a.service.ts', "import { b } from '../b/b.service';"),
      file('server/modules/b/b.service.ts', "import type { A } from '../a/a.service';"),
    ]);
    expect(violations).toEqual([]);
  });

  it("reports another module's table imported or named in SQL, even for a foreign key", () => {
    const violations = withoutDeepImports([
      file('server/modules/books/books.table.ts', "export const books = pgTable('books', {});"),
      file(
        'server/modules/books/books.columns.ts',
        "import { books } from './books.table';\nexport const bookIdColumn = () => books.id;",
      ),
      file(
        'server/modules/reading/reading.table.ts',
        "import { books } from '../books/books.table';\npgTable('reading_progress', {});",
      ),
      file(
        'server/modules/reading/reading-history.table.ts',
        "import { bookIdColumn } from '../books/books.columns';\npgTable('reading_history', {});",
      ),
      file(
        'server/modules/reading/reading.repository.ts',
        "import { books } from '../books/books.table';\nconst q = `select * from books b join reading_progress p on true`;",
      ),
    ]);
    expect(violations.map((v) => v.rule)).toEqual(['table-import', 'table-import', 'table-sql']);
    expect(violations[0]?.message).toContain('server/modules/reading/reading.table.ts imports');
    expect(violations[2]?.message).toContain('names table books (owned by books)');
  });

  it("reports an import of another module's inner file, type-only ones too, but not of its index", () => {
    const violations = checkArchitecture([
      file('server/modules/books/index.ts', "export { findBook } from './books.repository';"),
      file('server/modules/books/books.repository.ts', 'export const findBook = 1;'),
      file('server/modules/books/books.types.ts', 'export type Book = {};'),
      file(
        'server/modules/reading/reading.routes.ts',
        "import { findBook } from '../books';\nimport type { Book } from '../books/books.types';\nimport { x } from './reading.repository';",
      ),
      file(
        'server/modules/reading/reading.repository.ts',
        "import { findBook } from '../books/books.repository';",
      ),
    ]);
    expect(violations).toEqual([
      {
        rule: 'deep-import',
        message:
          "server/modules/reading/reading.routes.ts imports server/modules/books/books.types.ts: import '../books' (its index.ts) instead",
      },
      {
        rule: 'deep-import',
        message:
          "server/modules/reading/reading.repository.ts imports server/modules/books/books.repository.ts: import '../books' (its index.ts) instead",
      },
    ]);
  });

  it('reports a module whose public surface gives a repository to build', () => {
    const violations = checkArchitecture([
      file(
        'server/modules/books/index.ts',
        "export { createBooksRepository, findBook } from './books.repository';",
      ),
      file('server/modules/books/books.repository.ts', 'export const findBook = 1;'),
    ]);
    expect(violations).toEqual([
      {
        rule: 'foreign-repository',
        message:
          'server/modules/books/index.ts gives createBooksRepository: export the functions other modules call instead',
      },
    ]);
  });

  it('reports a hand-numbered SQL parameter outside server/db, not a replacement pattern', () => {
    const violations = checkArchitecture([
      file('server/modules/a/a.repository.ts', "const q = 'select * from t where id = $1';"),
      file('server/plugins/log.ts', "const safe = text.replace(/(a)b/, '$1');"),
      file('server/db/prepared-statement.ts', '// positional text: $1, $2…\nconst text = "$1";'),
    ]);
    expect(violations.map((v) => [v.rule, v.message.split(':')[0]])).toEqual([
      ['numbered-parameter', 'server/modules/a/a.repository.ts'],
    ]);
  });
});
