import path from 'node:path';
import { backupMessages as m } from '../domain/messages/backup';
import { fill } from '../domain/messages/fill';
import { loadBackupConfig } from '../server/config';
import { verifyBackup } from '../server/db/backup/format';
import { describeFailure } from '../server/db/backup/messages';
import { restoreBackup } from '../server/db/backup/restore';
import { openDatabase } from '../server/db/client';
import { restrictUmask } from '../server/db/private-files';

restrictUmask(); // it may create the data dir: the owner's alone

// npm run restore -- FILE
// Into the configured database (DATABASE_URL, or the embedded one in DATA_DIR, not in use),
// only when it is empty; then migrated to this code's level (decision 022).
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error(m.usageRestore);
  process.exit(2);
}
const source = path.resolve(file);

let databaseUrl: string | undefined;
try {
  const config = loadBackupConfig();
  if (config.database.kind === 'postgres') databaseUrl = config.database.url;
  // A damaged file is refused before any database is opened (or an empty folder created).
  await verifyBackup(source);
  const database = await openDatabase(config.database);
  try {
    const result = await restoreBackup(database, source);
    console.log(
      fill(m.restoreDone, { rows: result.rows, tables: result.tables, level: result.to.tag }),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(describeFailure(error, { file: source, databaseUrl }));
  process.exitCode = 1;
}
