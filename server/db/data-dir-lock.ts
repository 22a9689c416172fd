import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock between processes: two servers opening one data directory would
 * corrupt it. We hold a lock file naming our pid and the start time of our process. A lock
 * left by a dead process (kill -9, power loss) is taken over, and so is one whose pid now
 * belongs to another process (after a reboot pids are handed out again); a lock held by the
 * live process that wrote it makes start-up fail.
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
    const holder = readOwner(lockPath);
    if (holder !== null && holder.pid !== process.pid && isHeld(holder)) {
      throw new DataDirLockedError(dataDir, holder.pid);
    }
    takeOverStale(lockPath, holder);
  }
  throw new DataDirLockedError(dataDir, readOwner(lockPath)?.pid ?? 0);
}

// link() is atomic and fails if the target exists, so exactly one process wins the race.
function tryCreate(lockPath: string): boolean {
  const temp = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(temp, ownerLine(process.pid), { mode: 0o600 });
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
function takeOverStale(lockPath: string, stale: Owner | null): void {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved !== null && !sameOwner(moved, stale) && isHeld(moved)) {
    fs.renameSync(aside, lockPath);
    throw new DataDirLockedError(path.dirname(lockPath), moved.pid);
  }
  fs.rmSync(aside, { force: true });
}

/** Who wrote a lock: a pid, and that process's start time where the system tells it. */
type Owner = { pid: number; startedAt: string | null };

function ownerLine(pid: number): string {
  const startedAt = startTimeOf(pid);
  return startedAt === null ? String(pid) : `${pid} ${startedAt}`;
}

// A lock written before start times were recorded holds the pid alone.
function readOwner(lockPath: string): Owner | null {
  try {
    const [pidText = '', startedAt] = fs.readFileSync(lockPath, 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, startedAt: startedAt && /^\d+$/.test(startedAt) ? startedAt : null };
  } catch {
    return null;
  }
}

function sameOwner(a: Owner, b: Owner | null): boolean {
  return b !== null && a.pid === b.pid && a.startedAt === b.startedAt;
}

/** The lock's writer still runs: its pid is alive and, when known, started when it did. */
function isHeld(owner: Owner): boolean {
  if (!isAlive(owner.pid)) return false;
  if (owner.startedAt === null) return true;
  const now = startTimeOf(owner.pid);
  // Unknown now (no /proc): cannot tell a reused pid, so the lock stands.
  return now === null || now === owner.startedAt;
}

/**
 * Start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat, Linux).
 * A pid reused by another process has another start time. Null where there is no /proc.
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command name) may hold spaces and parentheses: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startedAt = fields[22 - 3];
    return startedAt && /^\d+$/.test(startedAt) ? startedAt : null;
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
  if (readOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
}
