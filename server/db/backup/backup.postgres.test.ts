import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { databaseUrl, quoteIdent } from '../../test/postgres-urls';
import { fromPglite, openPostgres, pgliteExtensions } from '../client';
import { migrateEmbedded } from '../migrate';
import { writeBackup } from './dump';
import { buildReaderState, readReaderState } from './reader-state.fixture';
import { restoreBackup } from './restore';

// The move to PostgreSQL (decision 022): a backup of an embedded database restored into a fresh
// PostgreSQL database, which this test creates (lisons_backup_test_*) and drops.
const adminUrl = process.env.TEST_DATABASE_URL as string;
const name = `lisons_backup_test_${randomUUID().replaceAll('-', '')}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-backup-pg-'));

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await admin(`drop database if exists ${quoteIdent(name)} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

it('gives a reader their whole state back on PostgreSQL, from an embedded backup', async () => {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrateEmbedded(client);
  const source = await buildTestApp({}, { database: fromPglite(client) });
  await source.app.ready();
  const file = path.join(dir, 'lisons.dump');
  let state: Awaited<ReturnType<typeof buildReaderState>>;
  let before: Awaited<ReturnType<typeof readReaderState>>;
  try {
    state = await buildReaderState(source);
    before = await readReaderState(source, state);
    await writeBackup(source.database, file);
  } finally {
    await source.close();
  }

  await admin(`create database ${quoteIdent(name)}`);
  const target = openPostgres(databaseUrl(adminUrl, name), 5);
  const result = await restoreBackup(target, file);
  expect(result.rows).toBeGreaterThan(0);
  const restored = await buildTestApp({}, { database: target });
  try {
    await restored.app.ready();
    expect(await readReaderState(restored, state)).toEqual(before);
  } finally {
    await restored.close();
  }
}, 120_000);
