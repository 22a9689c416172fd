import fs from 'node:fs';
import path from 'node:path';
import { backupMessages as m } from '../domain/messages/backup';
import { fill } from '../domain/messages/fill';
import { loadBackupConfig } from '../server/config';
import { writeBackup } from '../server/db/backup/dump';
import { describeFailure } from '../server/db/backup/messages';
import { listSnapshots, readSnapshotAdvert } from '../server/db/backup/snapshots';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { makePrivateFile, restrictUmask } from '../server/db/private-files';

// npm run backup -- FILE
// A consistent copy of the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR) into FILE (decision 022). While an embedded server runs, it is asked for one
// (SIGUSR2) and its snapshot is copied to FILE.
restrictUmask(); // the copy holds secrets: the owner's alone
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error(m.usageBackup);
  process.exit(2);
}
const target = path.resolve(file);
const WAIT_SECONDS = Number(process.env.LISONS_SNAPSHOT_WAIT_SECONDS ?? 120);

let databaseUrl: string | undefined;
try {
  const config = loadBackupConfig();
  if (config.database.kind === 'postgres') databaseUrl = config.database.url;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.exitCode = await fromRunningServer(error, config.backup.dir);
      process.exit();
    }
    throw error;
  }
  try {
    const result = await writeBackup(database, target);
    console.log(
      fill(m.backupDone, {
        file: target,
        rows: result.rows,
        tables: result.tables,
        size: `${(result.bytes / 1024).toFixed(0)}\u00a0Kio`,
        seconds: (result.ms / 1000).toFixed(1),
      }),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(describeFailure(error, { file: target, databaseUrl }));
  process.exitCode = 1;
}

/** Asks the server holding the data directory for a snapshot, then copies it to FILE. */
async function fromRunningServer(locked: DataDirLockedError, backupDir: string): Promise<number> {
  const advert = readSnapshotAdvert(locked.dataDir);
  const values = { pid: locked.pid, dataDir: locked.dataDir, backupDir: advert?.dir ?? backupDir };
  // Only a server that said it listens gets the signal (SIGUSR2 would stop another process).
  if (advert?.pid !== locked.pid) {
    console.error(fill(m.serverRunning, values));
    return 1;
  }
  const before = new Set(listSnapshots(advert.dir));
  process.kill(locked.pid, 'SIGUSR2');
  const deadline = Date.now() + WAIT_SECONDS * 1000;
  while (Date.now() < deadline) {
    const fresh = listSnapshots(advert.dir).filter((f) => !before.has(f));
    const snapshot = fresh.at(-1);
    if (snapshot) {
      try {
        fs.copyFileSync(snapshot, `${target}.tmp`);
        makePrivateFile(`${target}.tmp`);
        fs.renameSync(`${target}.tmp`, target);
      } catch (error) {
        fs.rmSync(`${target}.tmp`, { force: true });
        console.error(describeFailure(error, { file: target }));
        return 1;
      }
      console.log(fill(m.serverSnapshotCopied, { ...values, snapshot, file: target }));
      return 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.error(fill(m.serverSnapshotTimeout, { ...values, seconds: WAIT_SECONDS }));
  return 1;
}
