import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupConfig } from '../../config';
import type { ScheduledJob } from '../../modules/jobs/jobs.worker';
import type { Database } from '../client';
import { makePrivateDir, makePrivateFile } from '../private-files';
import { writeBackup } from './dump';

export const SNAPSHOT_SCHEDULE = 'backup-snapshot';
/** Every day at 03:40, Paris time: the quietest hour of a French reading club. */
export const SNAPSHOT_CRON = '40 3 * * *';
/** Where the running embedded server says it takes snapshots on SIGUSR2 (in DATA_DIR). */
export const SNAPSHOT_ADVERT = 'lisons.snapshots';

const SNAPSHOT_NAME = /^lisons-\d{8}-\d{6}-\d{3}(?:-\d+)?\.dump$/;

export type EmbeddedSnapshots = {
  /** The daily schedule (none when BACKUP_KEEP is 0), for the job worker. */
  schedules: ScheduledJob[];
  /** Takes one now (one at a time: a second call shares the first) and returns its path. */
  take: () => Promise<string>;
  /** SIGUSR2 takes one; the advert in DATA_DIR tells the backup command so. Returns the undo. */
  listen: () => () => Promise<void>;
};

/**
 * The embedded server's own snapshots (decision 022): the data directory cannot be opened by a
 * second process while the server runs, so the server writes backups itself into BACKUP_DIR,
 * daily and on SIGUSR2, keeping the newest BACKUP_KEEP.
 */
export function embeddedSnapshots(options: {
  database: Pick<Database, 'db' | 'kind'>;
  dataDir: string;
  backup: BackupConfig;
  log: FastifyBaseLogger;
  timeZone: string;
}): EmbeddedSnapshots {
  const { database, dataDir, backup, log } = options;
  let running: Promise<string> | null = null;

  async function snapshot(): Promise<string> {
    // A dump holds the auth secret, sessions and password hashes: the owner's alone, and
    // so are the snapshots an older version left readable.
    makePrivateDir(backup.dir);
    for (const old of listSnapshots(backup.dir)) makePrivateFile(old);
    const file = freeName(backup.dir, new Date());
    const result = await writeBackup(database, file);
    const removed = rotate(backup.dir, Math.max(1, backup.keep));
    log.info(
      { file, rows: result.rows, bytes: result.bytes, ms: result.ms, removed },
      'backup snapshot written',
    );
    return file;
  }

  const take = () => {
    running ??= snapshot().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    schedules:
      backup.keep > 0
        ? [
            {
              name: SNAPSHOT_SCHEDULE,
              cron: SNAPSHOT_CRON,
              timeZone: options.timeZone,
              run: async () => {
                await take();
              },
            },
          ]
        : [],
    take,
    listen: () => {
      const onSignal = () => {
        take().catch((error: unknown) => log.error({ err: error }, 'backup snapshot failed'));
      };
      process.on('SIGUSR2', onSignal);
      const advert = path.join(dataDir, SNAPSHOT_ADVERT);
      try {
        makePrivateDir(dataDir);
        fs.writeFileSync(advert, `${process.pid}\n${backup.dir}\n`, { mode: 0o600 });
      } catch (error) {
        log.warn({ err: error }, 'could not write the snapshot advert');
      }
      return async () => {
        process.off('SIGUSR2', onSignal);
        if (readSnapshotAdvert(dataDir)?.pid === process.pid) fs.rmSync(advert, { force: true });
        await running?.catch(() => {});
      };
    },
  };
}

/** The running server's pid and snapshot folder, if it takes snapshots on SIGUSR2. */
export function readSnapshotAdvert(dataDir: string): { pid: number; dir: string } | null {
  try {
    const [pid = '', dir = ''] = fs
      .readFileSync(path.join(dataDir, SNAPSHOT_ADVERT), 'utf8')
      .split('\n');
    return /^\d+$/.test(pid) && dir ? { pid: Number(pid), dir } : null;
  } catch {
    return null;
  }
}

/** The snapshots in a folder, oldest first (their names sort by time). */
export function listSnapshots(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => SNAPSHOT_NAME.test(name))
      .sort()
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/** Deletes all but the newest `keep` snapshots; returns how many went. */
export function rotate(dir: string, keep: number): number {
  const old = listSnapshots(dir).slice(0, -keep || undefined);
  if (keep <= 0) return 0;
  for (const file of old) fs.rmSync(file, { force: true });
  return old.length;
}

// lisons-20261124-034000-123.dump in UTC; a suffix if two land in one millisecond.
function freeName(dir: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace('.', '-')
    .replace('Z', '');
  for (let n = 0; ; n++) {
    const file = path.join(dir, `lisons-${stamp}${n === 0 ? '' : `-${n}`}.dump`);
    if (!fs.existsSync(file) && !fs.existsSync(`${file}.tmp`)) return file;
  }
}
