import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { projectRoot } from '../paths';
import { pgliteExtensions } from './client';
import { migrateEmbedded } from './migrate';

// A pre-initialised, migrated embedded database (decision 024). Opening a new PGlite data
// folder runs initdb in a second WebAssembly instance beside the server's own, then every
// migration: that first start peaked far above a restart. Built once (`npm run build` runs
// this file), the template is a tarball of a fresh migrated folder; a new DATA_DIR starts as
// a copy of it, and migrate() still runs after (a template older than the migrations only
// leaves the newer ones to apply). Without the file, a new folder is made by initdb as before.
export const embeddedTemplatePath = path.join(projectRoot, 'dist/embedded-template.tar.gz');

/** The template to start a data folder from: only for a folder with no database yet. */
export function templateFor(pgDataDir: string, file = embeddedTemplatePath): Blob | undefined {
  if (fs.existsSync(path.join(pgDataDir, 'PG_VERSION'))) return undefined;
  if (!fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/** Makes the template: an in-memory database, migrated, dumped (gzip). */
export async function writeEmbeddedTemplate(file = embeddedTemplatePath): Promise<number> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrateEmbedded(client);
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a server starting meanwhile never reads half a file.
    fs.writeFileSync(`${file}.tmp`, bytes);
    fs.renameSync(`${file}.tmp`, file);
    return bytes.length;
  } finally {
    await client.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const size = await writeEmbeddedTemplate();
  console.log(`embedded template: ${embeddedTemplatePath} (${(size / 1e6).toFixed(1)} MB)`);
}
