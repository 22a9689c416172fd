import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions } from '../db/client';
import { migrateEmbedded } from '../db/migrate';
import './test-database-info';

/** Migrates one in-memory PGlite once; every test file then loads a copy of its dump. */
export default async function setup(project: TestProject) {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrateEmbedded(client);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-template-'));
  const templatePath = path.join(dir, 'template.tar');
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { engine: 'pglite', templatePath });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
