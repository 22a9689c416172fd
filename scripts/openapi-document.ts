import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { fromPglite, pgliteExtensions } from '../server/db/client';
import { projectRoot } from '../server/paths';

// Writes the API's OpenAPI document, as /api/openapi.json serves it, without a server:
// `node --import tsx scripts/openapi-document.ts out.json [PUBLIC_URL]`. The app is built on a
// throwaway in-memory database (the document depends on the routes, not on data), so this
// runs anywhere, a running Lisons or not. scripts/openapi-client.test.ts lints it and
// generates a typed client from it.

const [out, publicUrl = 'http://localhost:3000'] = process.argv.slice(2);
if (!out) {
  console.error('Usage : openapi-document.ts <fichier.json> [PUBLIC_URL]');
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-openapi-'));
const database = fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
try {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    BOOK_LOOKUP: 'off',
    DEMO_CATALOGUE: 'false',
  });
  const app = await buildApp({
    config,
    database,
    clientDir: path.join(projectRoot, 'server/test/fixtures/client'),
  });
  await app.ready();
  fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
