import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server's two structural rules (docs/architecture.md#modules), checked on the source:
// 1. no cycle between server modules (server/modules/<name>), counting imports that pass
//    through shared server files (plugins, db…);
// 2. one owner per table: a table is defined in its module's *.table.ts; only that module
//    imports the table or names it in SQL. Others call the owner's functions, or compose
//    the SQL fragments it exports from its <module>.sql.ts (one statement, decision 009).
// 3. a module uses another only through its public surface, `server/modules/<name>/index.ts`
//    (decision 039): no import of another module's inner files, types included (a table's
//    foreign key column comes from the owner's <module>.columns.ts), and that surface gives
//    functions, never a repository to build (no `create…Repository` in an index.ts);
// 4. no hand-numbered SQL parameter (`$1`) outside server/db/: statements name their
//    parameters (`preparedStatement`'s fragment form, decision 039).
// Test files are exempt: they check the database directly.

export type SourceFile = { path: string; text: string };
export type Violation = {
  rule:
    | 'cycle'
    | 'table-import'
    | 'table-sql'
    | 'deep-import'
    | 'foreign-repository'
    | 'numbered-parameter';
  message: string;
};

const SQL_NAME = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi;
// Type-only imports are left out: they vanish at run time and carry no behaviour.
const IMPORT =
  /(?:import|export)\s(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
// Files that list every module on purpose (drizzle's schema, the app's assembly): an import
// of them says nothing about which module needs which.
const REGISTRIES = new Set(['server/db/schema.ts', 'server/app.ts', 'server/main.ts']);

// Every import, type-only ones included (the public-surface rule counts those too).
const ANY_IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
// `$1` as an SQL parameter; a regular expression's replacement ('$1' in .replace) is not one.
const NUMBERED_PARAMETER = /\$\d+\b/;

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('server/test/');
const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** The text without comments (block comments, and lines that are only a line comment). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function resolveImport(from: string, specifier: string, known: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Tables defined by each module: `pgTable('name'` in server/modules/<m>/*.table.ts. */
export function tableOwners(files: SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files) {
    const owner = moduleOf(file.path);
    if (!owner || !file.path.endsWith('.table.ts')) continue;
    for (const match of file.text.matchAll(/pgTable\(\s*['"]([a-z0-9_]+)['"]/g)) {
      owners.set(match[1] as string, owner);
    }
  }
  return owners;
}

/** Module → modules it depends on, directly or through shared (non-module) server files. */
export function moduleGraph(files: SourceFile[]): Map<string, Set<string>> {
  const known = new Set(files.map((f) => f.path));
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of file.text.matchAll(IMPORT)) {
      const target = resolveImport(file.path, (match[1] ?? match[2]) as string, known);
      if (target) targets.push(target);
    }
    imports.set(file.path, targets);
  }
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = moduleOf(file.path);
    if (!from || isTest(file.path)) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    // Walk through shared files until a module file is reached.
    const seen = new Set<string>();
    const stack = [...(imports.get(file.path) ?? [])];
    while (stack.length > 0) {
      const target = stack.pop() as string;
      if (seen.has(target)) continue;
      seen.add(target);
      const to = moduleOf(target);
      if (to) {
        if (to !== from) edges.add(to);
      } else if (target.startsWith('server/') && !isTest(target) && !REGISTRIES.has(target)) {
        stack.push(...(imports.get(target) ?? []));
      }
    }
  }
  return graph;
}

/** Every cycle's modules, one list per strongly connected group (Tarjan). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, order.get(next) as number));
      }
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return groups;
}

/** Both rules over the given server files. */
export function checkArchitecture(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const group of cycles(moduleGraph(files))) {
    violations.push({ rule: 'cycle', message: `cycle between modules: ${group.join(' ↔ ')}` });
  }
  const owners = tableOwners(files);
  const known = new Set(files.map((f) => f.path));
  for (const file of files) {
    if (isTest(file.path)) continue;
    if (!file.path.startsWith('server/db/')) violations.push(...numberedParameters(file));
    const module = moduleOf(file.path);
    if (!module) continue;
    violations.push(...deepImports(file, module, known));
    if (file.path === `server/modules/${module}/index.ts`) {
      for (const match of file.text.matchAll(/\bcreate\w*Repository\b/g)) {
        violations.push({
          rule: 'foreign-repository',
          message: `${file.path} gives ${match[0]}: export the functions other modules call instead`,
        });
      }
    }
    for (const match of file.text.matchAll(IMPORT)) {
      const target = resolveImport(file.path, (match[1] ?? match[2]) as string, known);
      const owner = target && moduleOf(target);
      // Table files too: a foreign key to another module's table is a column its owner gives
      // (`<module>.columns.ts`, e.g. auth's readerIdColumn).
      if (target?.endsWith('.table.ts') && owner !== module) {
        violations.push({
          rule: 'table-import',
          message: `${file.path} imports ${target}: call the ${owner} module instead`,
        });
      }
    }
    for (const match of withoutComments(file.text).matchAll(SQL_NAME)) {
      const table = (match[1] as string).toLowerCase();
      const owner = owners.get(table);
      if (owner && owner !== module) {
        violations.push({
          rule: 'table-sql',
          message: `${file.path} names table ${table} (owned by ${owner}) in SQL`,
        });
      }
    }
  }
  return violations;
}

/** Imports of another module's inner files (anything but its index.ts). */
function deepImports(file: SourceFile, module: string, known: Set<string>): Violation[] {
  const found: Violation[] = [];
  for (const match of file.text.matchAll(ANY_IMPORT)) {
    const target = resolveImport(file.path, (match[1] ?? match[2]) as string, known);
    const owner = target && moduleOf(target);
    if (!target || !owner || owner === module || target === `server/modules/${owner}/index.ts`)
      continue;
    // A table's foreign key takes its column from the owner's `<module>.columns.ts`: tables
    // are loaded by the schema before any module, so they must not pull a module's index in.
    if (file.path.endsWith('.table.ts') && target.endsWith('.columns.ts')) continue;
    found.push({
      rule: 'deep-import',
      message: `${file.path} imports ${target}: import '${path.posix.relative(path.posix.dirname(file.path), `server/modules/${owner}`)}' (its index.ts) instead`,
    });
  }
  return found;
}

/** Lines that number an SQL parameter by hand. */
function numberedParameters(file: SourceFile): Violation[] {
  const found: Violation[] = [];
  for (const line of withoutComments(file.text).split('\n')) {
    if (NUMBERED_PARAMETER.test(line) && !line.includes('.replace(')) {
      found.push({
        rule: 'numbered-parameter',
        message: `${file.path}: '${line.trim()}' numbers an SQL parameter: name it (preparedStatement's fragment form)`,
      });
    }
  }
  return found;
}

/** The server's source files, paths relative to the repository root. */
export function readServerFiles(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'migrations' && entry.name !== 'fixtures') walk(relative);
      } else if (/\.tsx?$/.test(entry.name)) {
        files.push({ path: relative, text: fs.readFileSync(path.join(root, relative), 'utf8') });
      }
    }
  };
  walk('server');
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const violations = checkArchitecture(readServerFiles(root));
  for (const v of violations) console.error(`✗ [${v.rule}] ${v.message}`);
  if (violations.length > 0) process.exit(1);
  console.log(
    'architecture: no cycle between server modules, every table used by its owner only, modules used through their index.ts, no numbered SQL parameter',
  );
}
