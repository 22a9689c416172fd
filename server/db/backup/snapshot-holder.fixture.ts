import pino from 'pino';
import { loadBackupConfig } from '../../config';
import { openDatabase } from '../client';
import { embeddedSnapshots } from './snapshots';

// For the backup command's tests: holds DATA_DIR open as a running embedded server does and,
// unless started with `silent`, takes snapshots on SIGUSR2 as server/app.ts wires them.
const config = loadBackupConfig();
if (config.database.kind !== 'pglite') throw new Error('embedded only');
const database = await openDatabase(config.database);
const stop =
  process.argv[2] === 'silent'
    ? async () => {}
    : embeddedSnapshots({
        database,
        dataDir: config.database.dataDir,
        backup: config.backup,
        log: pino({ level: 'silent' }),
        timeZone: 'Europe/Paris',
      }).listen();
// Nothing else keeps this process alive: a server would have its listening socket.
const alive = setInterval(() => {}, 60_000);
process.once('SIGTERM', () => {
  clearInterval(alive);
  void stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
console.log('prêt');
