import { sql } from 'drizzle-orm';
import type { ReaderDataExecutor } from './reader-data';

// What each module does with its rows about a book when an administrator merges that book, a
// duplicate, into another (decision 048): every column that holds a book's id belongs to one
// module, and that module exports a `BookMove` naming it and moving (or dropping) its rows.

export type BookMove = {
  /** The owner module's name, for the merge test's messages. */
  module: string;
  /** Each table of the module with its column that holds a book's id. */
  tables: Record<string, string>;
  /** Moves the rows of book `from` to book `into` (inside the merge's transaction). */
  moveBook: (tx: ReaderDataExecutor, from: string, into: string) => Promise<void>;
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return sql.raw(`"${name}"`);
};

type TableMove = {
  /** The column holding the book's id (default `book_id`). */
  column?: string;
  /**
   * The other columns of a unique key that holds the book: a row of `from` that would meet a
   * row of `into` with the same values is dropped (the kept book's row stands).
   */
  uniqueWith?: readonly string[];
  /** The rows are the duplicate's own (its cover): dropped with it, not moved. */
  drop?: boolean;
};

/**
 * The usual `BookMove` of a module: each table's rows of `from` move to `into`, but those that
 * would break a unique key (dropped first) and the tables whose rows are dropped.
 */
export function bookRows(module: string, tables: Record<string, TableMove>): BookMove {
  return {
    module,
    tables: Object.fromEntries(
      Object.entries(tables).map(([table, move]) => [table, move.column ?? 'book_id']),
    ),
    async moveBook(tx, from, into) {
      for (const [table, move] of Object.entries(tables)) {
        const t = ident(table);
        const c = ident(move.column ?? 'book_id');
        if (move.drop) {
          await tx.execute(sql`delete from ${t} where ${c} = ${from}::uuid`);
          continue;
        }
        if (move.uniqueWith?.length) {
          const same = sql.join(
            move.uniqueWith.map((k) => sql`f.${ident(k)} = k.${ident(k)}`),
            sql` and `,
          );
          await tx.execute(sql`delete from ${t} f using ${t} k
            where f.${c} = ${from}::uuid and k.${c} = ${into}::uuid and ${same}`);
        }
        await tx.execute(sql`update ${t} set ${c} = ${into}::uuid where ${c} = ${from}::uuid`);
      }
    },
  };
}
