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
    const client = await PGlite.create({
      loadDataDir: templateDump(info.templatePath),
      extensions: pgliteExtensions,
      startParams: testStartParams,
    });
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

// Opening a PGlite was most of a test file's set-up: about 1.4 s of CPU, of which PostgreSQL
// clearing its default 128 MB of shared buffers took half and copying the 44 MB dump through
// a new Blob a third. A test database holds a few hundred rows: 16 MB of buffers is plenty,
// and the dump is read once per worker (files share a worker's modules, isolate: false).
const testStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

let template: { path: string; bytes: ArrayBuffer } | undefined;

/** The template dump, read once: PGlite only calls arrayBuffer() on what it is given. */
function templateDump(path: string): Blob {
  if (template?.path !== path) {
    const file = fs.readFileSync(path);
    template = { path, bytes: file.buffer.slice(file.byteOffset, file.byteOffset + file.length) };
  }
  const { bytes } = template;
  return { type: '', arrayBuffer: async () => bytes } as Blob;
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
