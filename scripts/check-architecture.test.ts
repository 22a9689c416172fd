import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkArchitecture, readServerFiles, type SourceFile } from './check-architecture';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = (p: string, text: string): SourceFile => ({ path: p, text });

describe('the server architecture check', () => {
  it('finds the real server free of module cycles and of tables used outside their owner', () => {
    expect(checkArchitecture(readServerFiles(root))).toEqual([]);
  });

  it('reports a cycle between two modules, even through a shared server file', () => {
    const violations = checkArchitecture([
      file('server/modules/a/a.service.ts', "import { b } from '../b/b.service';"),
      file('server/modules/b/b.service.ts', "import { helper } from '../../plugins/helper';"),
      file('server/plugins/helper.ts', "import { a } from '../modules/a/a.service';"),
    ]);
    expect(violations).toEqual([{ rule: 'cycle', message: 'cycle between modules: a ↔ b' }]);
  });

  it('ignores type-only imports, which vanish at run time', () => {
    const violations = checkArchitecture([
      file('server/modules/a/a.service.ts', "import { b } from '../b/b.service';"),
      file('server/modules/b/b.service.ts', "import type { A } from '../a/a.service';"),
    ]);
    expect(violations).toEqual([]);
  });

  it("reports another module's table imported or named in SQL, even for a foreign key", () => {
    const violations = checkArchitecture([
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
});
