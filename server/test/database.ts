import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, fromPglite, openPostgres, pgliteExtensions } from '../db/client';
import { databaseUrl, quoteIdent } from './postgres-urls';
import './test-database-info';

/**
 * A fresh, migrated database for one test file, on the engine of the running project:
 * a PGlite loaded from the template dump, or a PostgreSQL database cloned from the template.
 */
export async function createTestDatabase(): Promise<Database> {
  const info = inject('testDatabase');
  if (info.engine === 'pglite') {
    const loadDataDir = new Blob([fs.readFileSync(info.templatePath)]);
    const client = await PGlite.create({ loadDataDir, extensions: pgliteExtensions });
    return fromPglite(client);
  }
  const name = `lisons_test_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(info.adminUrl, (admin) =>
    admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(info.templateName)}`),
  );
  const database = openPostgres(databaseUrl(info.adminUrl, name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(info.adminUrl, (admin) =>
        admin.query(`drop database if exists ${quoteIdent(name)} with (force)`),
      );
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
