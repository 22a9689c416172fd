import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../client';
import {
  type BackupHeader,
  type BackupTable,
  type MigrationLevel,
  readLines,
  verifyBackup,
} from './format';
import { codeLevel, journal, levelOf, migrateUpTo } from './migration-level';

type Executor = Pick<Db, 'execute'>;

/** A refusal: the target was left as it was. `kind` picks the French line. */
export class RestoreRefusedError extends Error {
  constructor(
    readonly kind: 'newer' | 'not-empty' | 'target-ahead' | 'mismatch',
    readonly detail: Record<string, string>,
  ) {
    super(`${kind}: ${JSON.stringify(detail)}`);
  }
}

export type RestoreResult = {
  tables: number;
  rows: number;
  /** The backup's level, and the level the database was migrated to afterwards. */
  from: MigrationLevel;
  to: MigrationLevel;
  ms: number;
};

// A batch: up to this many rows or characters of JSON, in one INSERT … SELECT.
const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

/**
 * Restores a backup into an empty database (decision 022): no row in any table of the public
 * schema, whether migrated or blank. The file is read through and its checksum checked first;
 * the target is then brought to the backup's migration level, the rows loaded in one
 * transaction (user triggers off, sequences set), and the usual migration step takes the
 * database to this code's level. A refusal happens before any change.
 */
export async function restoreBackup(database: Database, file: string): Promise<RestoreResult> {
  const started = Date.now();
  const header = await verifyBackup(file);
  const level = header.migrations;
  const known = journal().find((e) => e.when === level.when);
  if (!known || level.when > codeLevel().when) {
    throw new RestoreRefusedError('newer', { level: level.tag });
  }
  const target = await levelOf(database.db);
  if (target !== null && target.when > level.when) {
    throw new RestoreRefusedError('target-ahead', { target: target.tag, level: level.tag });
  }
  const filled = await firstTableWithRows(database.db);
  if (filled !== null) throw new RestoreRefusedError('not-empty', { table: filled });

  if (target === null || target.when < level.when) await migrateUpTo(database, level.when);
  await database.db.transaction(async (tx) => {
    await checkColumns(tx, header.tables);
    for (const table of header.tables) {
      await tx.execute(sql`alter table ${sql.identifier(table.name)} disable trigger user`);
    }
    await loadRows(tx, file, header);
    for (const table of header.tables) {
      await tx.execute(sql`alter table ${sql.identifier(table.name)} enable trigger user`);
    }
    for (const { name, value } of header.sequences) {
      if (value === null) continue;
      const qualified = `public."${name.replaceAll('"', '""')}"`;
      await tx.execute(
        sql`select setval(${qualified}::text::regclass, ${value}::text::bigint, true)`,
      );
    }
  });
  await database.migrate();
  return {
    tables: header.tables.length,
    rows: header.tables.reduce((n, t) => n + t.rows, 0),
    from: level,
    to: (await levelOf(database.db)) ?? level,
    ms: Date.now() - started,
  };
}

/** The first table of the public schema holding a row, or null when the database is empty. */
export async function firstTableWithRows(db: Executor): Promise<string | null> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`);
  for (const { name } of rows) {
    const found = await db.execute<{ filled: boolean }>(
      sql`select exists (select 1 from ${sql.identifier(name)}) as filled`,
    );
    if (found.rows[0]?.filled) return name;
  }
  return null;
}

/** Every column the backup carries must be a stored column of the table here. */
async function checkColumns(tx: Executor, tables: BackupTable[]): Promise<void> {
  const { rows } = await tx.execute<{ table: string; column: string }>(sql`
    select c.relname as table, a.attname as column
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''`);
  const here = new Set(rows.map((r) => `${r.table}.${r.column}`));
  for (const table of tables) {
    for (const column of table.columns) {
      if (!here.has(`${table.name}.${column}`)) {
        throw new RestoreRefusedError('mismatch', { table: table.name, column });
      }
    }
  }
}

/** Second pass over the file (checked by the first): rows into their tables, in batches. */
async function loadRows(tx: Executor, file: string, header: BackupHeader): Promise<void> {
  const lines = readLines(file);
  await lines.next(); // the header
  for (const table of header.tables) {
    const columns = sql.join(
      table.columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await tx.execute(insertBatch(table.name, columns, `[${batch.join(',')}]`));
      batch = [];
      chars = 0;
    };
    for (let i = 0; i < table.rows; i++) {
      const next = await lines.next();
      if (next.done) throw new Error(`${table.name}: fin du fichier avant ses lignes`);
      batch.push(next.value);
      chars += next.value.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    }
    await flush();
    const { rows } = await tx.execute<{ n: string | number }>(
      sql`select count(*) as n from ${sql.identifier(table.name)}`,
    );
    if (Number(rows[0]?.n) !== table.rows) {
      throw new Error(`${table.name}: ${rows[0]?.n} lignes chargées, ${table.rows} attendues`);
    }
  }
  await lines.return(undefined);
}

// json_populate_recordset reads each value with its column type's input function: the exact
// inverse of row_to_json (bytea from hex, timestamps from ISO text, arrays and jsonb as JSON).
function insertBatch(table: string, columns: SQL, json: string): SQL {
  const name = sql.identifier(table);
  return sql`insert into ${name} (${columns})
    select ${columns} from json_populate_recordset(null::${name}, ${json}::text::json)`;
}
