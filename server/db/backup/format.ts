import { createHash } from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A Lisons backup (decision 022): gzip of UTF-8 lines.
 * 1. the header (JSON): format, version, migration level, tables with their columns and
 *    row counts in load order, sequences;
 * 2. each table's rows in header order, one `row_to_json` object a line, written as the
 *    database gave it (never parsed: numbers keep their precision, bytea is hex text);
 * 3. the trailer `{"sha256":"…"}`: hash of every line before it, newline included.
 */
export const BACKUP_FORMAT = 'lisons-backup';
export const BACKUP_VERSION = 1;

export type MigrationLevel = {
  /** Migrations applied (drizzle's __drizzle_migrations rows). */
  count: number;
  /** The last one's journal tag and `when` (drizzle's created_at): what the level is compared by. */
  tag: string;
  when: number;
};

export type BackupTable = { name: string; columns: string[]; rows: number };

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  migrations: MigrationLevel;
  tables: BackupTable[];
  /** Sequences of the public schema: value to set back with setval(…, value, true). */
  sequences: { name: string; value: string | null }[];
};

/** Why a file was refused; the caller words it (domain/messages/backup.ts). */
export class BackupFileError extends Error {
  constructor(
    readonly kind: 'missing' | 'corrupt' | 'not-backup',
    reason: string,
  ) {
    super(reason);
  }
}

/** Writes lines through gzip into a stream, hashing them; `finish` adds the trailer. */
export function lineWriter(out: Writable) {
  const gzip = zlib.createGzip({ level: 6 });
  const hash = createHash('sha256');
  let failure: Error | null = null;
  const done = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      failure ??= error;
      gzip.destroy();
      reject(failure);
    };
    gzip.on('error', fail);
    out.on('error', fail);
    out.on('close', () => (failure ? reject(failure) : resolve()));
  });
  done.catch(() => {});
  gzip.pipe(out);
  let bytes = 0;

  async function write(line: string): Promise<void> {
    if (failure) throw failure;
    const text = `${line}\n`;
    hash.update(text);
    bytes += Buffer.byteLength(text);
    if (!gzip.write(text)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          gzip.off('error', onError);
          out.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          gzip.off('drain', onDrain);
          reject(error);
        };
        gzip.once('drain', onDrain);
        gzip.once('error', onError);
        out.once('error', onError);
      });
    }
  }

  return {
    write,
    /** Bytes before compression. */
    bytes: () => bytes,
    async finish(): Promise<void> {
      const trailer = `${JSON.stringify({ sha256: hash.digest('hex') })}\n`;
      if (failure) throw failure;
      gzip.end(trailer);
      await done;
    },
    /** Stops writing; resolves once the stream is closed (its file may then be removed). */
    async abort(): Promise<void> {
      gzip.destroy();
      if (out.closed) return;
      const closed = new Promise<void>((resolve) => out.once('close', () => resolve()));
      out.destroy();
      await closed;
    },
  };
}

/** The lines of a backup, gunzipped; a read or gzip error becomes a BackupFileError. */
export async function* readLines(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) throw new BackupFileError('missing', file);
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  let streamError: Error | null = null;
  input.on('error', (error) => {
    streamError = error;
    gunzip.destroy(error);
  });
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } catch (error) {
    const e = (streamError ?? error) as NodeJS.ErrnoException;
    if (
      e.code === 'Z_DATA_ERROR' ||
      e.code === 'Z_BUF_ERROR' ||
      /gzip|header|end of file/i.test(e.message)
    )
      throw new BackupFileError(
        e.code === 'Z_DATA_ERROR' && /header/i.test(e.message) ? 'not-backup' : 'corrupt',
        e.message,
      );
    throw error;
  } finally {
    lines.close();
    input.destroy();
  }
}

/**
 * Reads the whole file once: header, every table's row count, the trailer's checksum.
 * Nothing reaches a database before this has passed.
 */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  const hash = createHash('sha256');
  let header: BackupHeader | null = null;
  let tableIndex = 0;
  let rowsInTable = 0;
  let trailer: string | null = null;
  for await (const line of readLines(file)) {
    if (trailer !== null) throw new BackupFileError('corrupt', 'lignes après la fin');
    if (header === null) {
      header = parseHeader(line);
      hash.update(`${line}\n`);
      continue;
    }
    // Skip tables without rows; a line past the last table's count is the trailer.
    while (tableIndex < header.tables.length && rowsInTable === header.tables[tableIndex]?.rows) {
      tableIndex++;
      rowsInTable = 0;
    }
    if (tableIndex >= header.tables.length) {
      trailer = line;
      continue;
    }
    hash.update(`${line}\n`);
    rowsInTable++;
  }
  if (header === null) throw new BackupFileError('not-backup', 'fichier vide');
  if (trailer === null) throw new BackupFileError('corrupt', 'fin du fichier manquante');
  let expected: unknown;
  try {
    expected = (JSON.parse(trailer) as { sha256?: unknown }).sha256;
  } catch {
    throw new BackupFileError('corrupt', 'fin du fichier illisible');
  }
  if (expected !== hash.digest('hex'))
    throw new BackupFileError('corrupt', 'somme de contrôle fausse');
  return header;
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new BackupFileError('not-backup', 'en-tête illisible');
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupFileError('not-backup', 'format inconnu');
  if (header.version !== BACKUP_VERSION)
    throw new BackupFileError('not-backup', `version de format ${header.version}`);
  const valid =
    typeof header.migrations?.when === 'number' &&
    Array.isArray(header.tables) &&
    header.tables.every(
      (t) => typeof t.name === 'string' && Array.isArray(t.columns) && Number.isInteger(t.rows),
    ) &&
    Array.isArray(header.sequences);
  if (!valid) throw new BackupFileError('corrupt', 'en-tête incomplet');
  return header as BackupHeader;
}
