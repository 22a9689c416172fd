import fs from 'node:fs';
import path from 'node:path';

// The database files, the backups and the mail outbox hold the auth secret, session tokens,
// password hashes and reset links: only the server's own user may read them, whatever the
// umask of whoever started it (docs/architecture.md#operations).

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Entry points that write data call this first: new files and folders are the owner's only. */
export function restrictUmask(): void {
  process.umask(0o077);
}

/** Creates a folder (and its missing parents) readable by its owner only, or restricts it. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Restricts one file this process wrote (an explicit mode is still lowered by a umask). */
export function makePrivateFile(file: string): void {
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * chmod -R of a folder: folders 0700, files 0600. Only what this process's user owns (a file
 * another user put there is not ours to change); symbolic links are not followed.
 */
export function restrictTree(dir: string): void {
  const uid = process.getuid?.();
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink() || (uid !== undefined && stat.uid !== uid)) return;
    const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    try {
      if ((stat.mode & 0o777) !== mode) fs.chmodSync(entry, mode);
      if (stat.isDirectory())
        for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    } catch (error) {
      // Gone meanwhile (a WAL segment recycled, a mail renamed): nothing left to restrict.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  visit(dir);
}
