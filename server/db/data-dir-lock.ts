import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock between processes: two servers opening one data directory would
 * corrupt it. We hold a lock file naming our pid. A lock left by a dead process (kill -9,
 * power loss) is taken over; a lock held by a live process makes start-up fail.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur Lisons (pid ${pid}). ` +
        'Arrête-le avant d’en démarrer un second, ou utilise DATABASE_URL (PostgreSQL) pour plusieurs processus.',
    );
  }
}

export type DataDirLock = { path: string; release: () => void };

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'lisons.lock');
  // Two tries: the second one runs after a stale lock was moved away.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(lockPath)) return { path: lockPath, release: () => release(lockPath) };
    const holder = readPid(lockPath);
    if (holder !== null && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    takeOverStale(lockPath, holder);
  }
  throw new DataDirLockedError(dataDir, readPid(lockPath) ?? 0);
}

// link() is atomic and fails if the target exists, so exactly one process wins the race.
function tryCreate(lockPath: string): boolean {
  const temp = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(temp, String(process.pid));
  try {
    fs.linkSync(temp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

// Renaming is atomic too: of two processes seeing the same stale lock, one moves it away
// and the other gets ENOENT; both then race fairly on tryCreate. If what we moved is no
// longer the stale lock (another process replaced it meanwhile), we put it back and yield.
function takeOverStale(lockPath: string, stalePid: number | null): void {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readPid(aside);
  if (moved !== stalePid && moved !== null && isAlive(moved)) {
    fs.renameSync(aside, lockPath);
    throw new DataDirLockedError(path.dirname(lockPath), moved);
  }
  fs.rmSync(aside, { force: true });
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function release(lockPath: string): void {
  if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
}
