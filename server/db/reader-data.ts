import { sql } from 'drizzle-orm';
import type { Db } from './client';

// What each module says about a reader's rows (account deletion and export, decision 027):
// every table with a column that holds a reader's id belongs to one module, and that module
// exports a `ReaderData` naming those columns and deleting and exporting its own rows.

/** A transaction (or the pool) that runs statements. */
export type ReaderDataExecutor = Pick<Db, 'execute'>;

export type ReaderData = {
  /** The owner module's name, for the export's sections and the deletion test's messages. */
  module: string;
  /** Each table of the module with its columns that hold a reader's id. */
  tables: Record<string, readonly string[]>;
  /** Deletes every row of these tables about the reader (called inside the deletion's transaction). */
  deleteReaderData: (tx: ReaderDataExecutor, readerId: string) => Promise<void>;
  /** The rows about the reader, per table, with secrets and raw files left out. */
  exportReaderData: (
    tx: ReaderDataExecutor,
    readerId: string,
  ) => Promise<Record<string, unknown[]>>;
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

/**
 * The usual `ReaderData` of a module: deletes every row whose reader columns hold the
 * reader, and exports them all without the `omit` columns (password hashes, tokens, bytes).
 */
export function readerRows(options: {
  module: string;
  tables: Record<string, readonly string[]>;
  omit?: Record<string, readonly string[]>;
  /** Tables that are deleted but not exported (nothing about the reader a person would read). */
  notExported?: readonly string[];
  /**
   * Per table, the reader columns whose rows the export holds (default: all of them). A row
   * where the reader is only the other party (blocked by someone, the actor of a notification
   * someone read) is deleted with the account but is that person's data, not exported.
   */
  exportedBy?: Record<string, readonly string[]>;
  /**
   * Tables whose rows outlive the reader, their reader columns set to null instead (an
   * administrator's audit trail, a batch they started): no row is theirs any more.
   */
  anonymized?: readonly string[];
}): ReaderData {
  const where = (columns: readonly string[], readerId: string) =>
    sql.join(
      columns.map((c) => sql`${sql.raw(ident(c))} = ${readerId}::uuid`),
      sql` or `,
    );
  return {
    module: options.module,
    tables: options.tables,
    async deleteReaderData(tx, readerId) {
      for (const [table, columns] of Object.entries(options.tables)) {
        if (options.anonymized?.includes(table)) {
          for (const column of columns) {
            const c = sql.raw(ident(column));
            await tx.execute(
              sql`update ${sql.raw(ident(table))} set ${c} = null where ${c} = ${readerId}::uuid`,
            );
          }
        } else {
          await tx.execute(
            sql`delete from ${sql.raw(ident(table))} where ${where(columns, readerId)}`,
          );
        }
      }
    },
    async exportReaderData(tx, readerId) {
      const out: Record<string, unknown[]> = {};
      for (const [table, columns] of Object.entries(options.tables)) {
        if (options.notExported?.includes(table)) continue;
        const { rows } = await tx.execute<Record<string, unknown>>(
          sql`select * from ${sql.raw(ident(table))} where ${where(options.exportedBy?.[table] ?? columns, readerId)}`,
        );
        const omit = new Set(options.omit?.[table] ?? []);
        out[table] = rows.map((row) =>
          Object.fromEntries(Object.entries(row).filter(([key]) => !omit.has(key))),
        );
      }
      return out;
    },
  };
}
