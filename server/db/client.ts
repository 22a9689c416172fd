import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import { templateFor } from './embedded-template';
import { migrateEmbedded, migratePostgres } from './migrate';
import { type Listener, postgresListener } from './notifications';
import { makePrivateDir, restrictTree } from './private-files';
import * as schema from './schema';

type RowsOf<Row> = { rows: Row[] };

// Both drivers' raw results carry `rows`; saying so keeps db.execute() typed on either.
interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsOf<this['row']>;
}

/** The one database type the app codes against, whichever engine is underneath. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /** Applies pending SQL migrations (idempotent, safe with several processes). */
  migrate: () => Promise<void>;
  /** LISTEN on a channel (NOTIFY from a trigger or another process); returns unlisten. */
  listen: Listener;
  close: () => Promise<void>;
  /** PostgreSQL's pool now (for /metrics); PGlite has one connection and no pool. */
  pool?: () => PoolState;
};

/** Connections of the app's pool: open in all, idle among them, and queries waiting for one. */
export type PoolState = { total: number; idle: number; waiting: number };

export const pgliteExtensions = { citext, pg_trgm, unaccent };

/** Opens the configured database: embedded PGlite (locked data dir) or a PostgreSQL pool. */
export async function openDatabase(config: Config['database']): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url);
  // The data dir is the owner's alone, and so is whatever an older version or another umask
  // left in it (database, mail outbox, snapshots): fixed at every start.
  makePrivateDir(config.dataDir);
  restrictTree(config.dataDir);
  const lock = lockDataDir(config.dataDir);
  try {
    const pgDataDir = `${config.dataDir}/db`;
    // A new folder starts as a copy of the migrated template when `npm run build` made one:
    // no initdb in a second WebAssembly instance, the first start's memory peak (decision 024).
    const client = await PGlite.create(pgDataDir, {
      extensions: pgliteExtensions,
      loadDataDir: templateFor(pgDataDir),
    });
    // PGlite creates its files with the process's umask: restricted once open, and at close
    // the files it added meanwhile (the servers and scripts set a umask of 077 besides).
    restrictTree(config.dataDir);
    return fromPglite(client, () => {
      restrictTree(config.dataDir);
      lock.release();
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Wraps an already open PGlite (tests open theirs from a template). */
export function fromPglite(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migrateEmbedded(client),
    // One process owns the embedded database, so its notifications are never missed.
    listen: async (channel, onChange) => {
      const unlisten = await client.listen(channel, (payload) => onChange({ payload }));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  // A request waits at most this long for a connection (PostgreSQL down, unreachable or out
  // of connections, or every pool connection busy): it then gets a 503 rather than hanging.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a client checked out between two queries of a transaction (PostgreSQL restarting,
  // or ending the connection): its next query fails (a 503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePostgres(url),
    listen: postgresListener(url),
    close: () => pool.end(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
