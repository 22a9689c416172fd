import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { installJobQueueSchema } from './job-queue-schema';

// Any fixed number: every Lisons process takes this advisory lock around migrations so
// that several processes starting at once against one PostgreSQL apply them only once.
const MIGRATION_LOCK_KEY = 4_127_001;

export async function migrateEmbedded(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsDir });
  await installJobQueueSchema(async (text) => ({
    rows: (await client.exec(text)).flatMap((result) => result.rows),
  }));
}

export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: migrationsDir });
    await installJobQueueSchema(async (text) => {
      // Several statements in one text answer with one result each.
      const results: pg.QueryResult | pg.QueryResult[] = await client.query(text);
      return { rows: [results].flat().flatMap((result) => result.rows) };
    });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
