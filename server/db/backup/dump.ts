import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../client';
import { PRIVATE_FILE_MODE } from '../private-files';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type BackupTable,
  lineWriter,
} from './format';
import { levelOf } from './migration-level';

type Executor = Pick<Db, 'execute'>;

export class NotMigratedError extends Error {}

export type BackupResult = {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  ms: number;
};

export type BackupOptions = {
  /** Opens the temporary file; tests inject a failing stream (a full disk). */
  createStream?: (path: string) => Writable;
};

const FETCH_ROWS = 200;

/**
 * Writes a consistent logical copy of the database to `file` (decision 022): every table of
 * the public schema, in foreign-key order, read in one REPEATABLE READ READ ONLY transaction
 * (one snapshot: a validation and its XP are both there or both not). The file is written as
 * `file.tmp`, flushed, then renamed: where a good backup is expected there is one or none.
 */
export async function writeBackup(
  database: Pick<Database, 'db' | 'kind'>,
  file: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const started = Date.now();
  const temporary = `${file}.tmp`;
  // Readable by the owner only, whatever the umask: it holds secrets and password hashes.
  const out =
    options.createStream?.(temporary) ??
    fs.createWriteStream(temporary, { flush: true, mode: PRIVATE_FILE_MODE });
  const writer = lineWriter(out);
  try {
    const summary = await database.db.transaction(
      async (tx) => {
        const migrations = await levelOf(tx as unknown as Db);
        if (migrations === null) throw new NotMigratedError();
        const tables = await tablesInLoadOrder(tx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          engine: database.kind,
          migrations,
          tables,
          sequences: await sequences(tx),
        };
        await writer.write(JSON.stringify(header));
        for (const table of tables) await writeRows(tx, table, writer.write);
        return { tables: tables.length, rows: tables.reduce((n, t) => n + t.rows, 0) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await writer.finish();
    fs.chmodSync(temporary, PRIVATE_FILE_MODE);
    fs.renameSync(temporary, file);
    return { file, ...summary, bytes: fs.statSync(file).size, ms: Date.now() - started };
  } catch (error) {
    await writer.abort();
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

const ident = (name: string) => sql.identifier(name);
const columnList = (columns: string[]): SQL =>
  sql.join(
    columns.map((c) => ident(c)),
    sql`, `,
  );

/** Base tables of the public schema, parents before children, with their stored columns. */
async function tablesInLoadOrder(tx: Executor): Promise<BackupTable[]> {
  const columns = await tx.execute<{ table: string; column: string }>(sql`
    select c.relname as table, a.attname as column
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
    order by c.relname, a.attnum`);
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns.rows) {
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const references = await tx.execute<{ child: string; parent: string }>(sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`);
  const order = parentsFirst(
    [...byTable.keys()],
    references.rows.map((r) => [r.child, r.parent] as const),
  );
  const tables: BackupTable[] = [];
  for (const name of order) {
    const { rows } = await tx.execute<{ n: string | number }>(
      sql`select count(*) as n from ${ident(name)}`,
    );
    tables.push({ name, columns: byTable.get(name) ?? [], rows: Number(rows[0]?.n ?? 0) });
  }
  return tables;
}

/** Kahn's order, alphabetical among equals so that two backups list tables alike. */
export function parentsFirst(tables: string[], edges: (readonly [string, string])[]): string[] {
  const waiting = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const [child, parent] of edges) {
    if (waiting.has(parent)) waiting.get(child)?.add(parent);
  }
  const order: string[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([, parents]) => parents.size === 0).map(([t]) => t);
    // A cycle would stop here: its tables follow alphabetically (none in Lisons today).
    const next = (ready.length > 0 ? ready : [...waiting.keys()]).sort();
    for (const table of next) {
      order.push(table);
      waiting.delete(table);
      for (const parents of waiting.values()) parents.delete(table);
    }
  }
  return order;
}

async function sequences(tx: Executor): Promise<BackupHeader['sequences']> {
  const { rows } = await tx.execute<{ name: string; value: string | number | null }>(sql`
    select sequencename as name, last_value::text as value
    from pg_sequences where schemaname = 'public' order by sequencename`);
  return rows.map((r) => ({ name: r.name, value: r.value === null ? null : String(r.value) }));
}

/** Rows through a cursor, as the database writes them in JSON (row_to_json, as text). */
async function writeRows(
  tx: Executor,
  table: BackupTable,
  write: (line: string) => Promise<void>,
): Promise<void> {
  if (table.rows === 0) return;
  await tx.execute(sql`declare lisons_backup no scroll cursor for
    select row_to_json(r)::text as line from (select ${columnList(table.columns)} from ${ident(table.name)}) r`);
  let written = 0;
  for (;;) {
    const { rows } = await tx.execute<{ line: string }>(
      sql.raw(`fetch forward ${FETCH_ROWS} from lisons_backup`),
    );
    for (const { line } of rows) await write(line);
    written += rows.length;
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close lisons_backup`);
  // Counted in the same snapshot: a difference would be a bug, never a concurrent write.
  if (written !== table.rows)
    throw new Error(`${table.name}: ${written} lignes lues, ${table.rows} comptées`);
}
