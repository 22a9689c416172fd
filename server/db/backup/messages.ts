import path from 'node:path';
import { backupMessages as m } from '../../../domain/messages/backup';
import { fill } from '../../../domain/messages/fill';
import { ConfigError } from '../../config';
import { DataDirLockedError } from '../data-dir-lock';
import { NotMigratedError } from './dump';
import { BackupFileError } from './format';
import { RestoreRefusedError } from './restore';

export type FailureContext = {
  /** The backup file read or written. */
  file: string;
  /** DATABASE_URL, when PostgreSQL: only its host, port and database name are ever shown. */
  databaseUrl?: string;
};

function server(url: string | undefined): { server: string; database: string } {
  try {
    const u = new URL(url ?? '');
    return {
      server: `${u.hostname}:${u.port || '5432'}`,
      database: decodeURIComponent(u.pathname.slice(1)),
    };
  } catch {
    return { server: 'PostgreSQL', database: '' };
  }
}

/** One French line for whatever stopped a backup or a restore; never a secret's value. */
export function describeFailure(error: unknown, context: FailureContext): string {
  const file = context.file;
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  if (error instanceof NotMigratedError) return m.notMigrated;
  if (error instanceof BackupFileError) {
    if (error.kind === 'missing') return fill(m.fileMissing, { file });
    if (error.kind === 'not-backup') return fill(m.fileNotBackup, { file });
    return fill(m.fileCorrupt, { file, reason: error.message });
  }
  if (error instanceof RestoreRefusedError) {
    const d = error.detail;
    if (error.kind === 'newer') return fill(m.fileNewer, { file, level: d.level ?? '' });
    if (error.kind === 'not-empty') return fill(m.targetNotEmpty, { table: d.table ?? '' });
    if (error.kind === 'target-ahead')
      return fill(m.targetAhead, { target: d.target ?? '', level: d.level ?? '' });
    return fill(m.targetMismatch, { table: d.table ?? '', column: d.column ?? '' });
  }
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  const where = server(context.databaseUrl);
  switch (e?.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return fill(m.diskFull, { file });
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return fill(m.notWritable, { dir: path.dirname(e.path ?? file) });
    case 'ENOENT':
      if (e.path) return fill(m.noFolder, { dir: path.dirname(e.path) });
      break;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return fill(m.unreachable, { server: where.server, reason: reasonOf(e.code) });
    case '28P01':
    case '28000':
      return fill(m.badCredentials, { server: where.server });
    case '3D000':
      return fill(m.noDatabase, where);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return fill(m.failed, { reason: hidePasswords(reason) });
}

function reasonOf(code: string): string {
  if (code === 'ECONNREFUSED') return 'connexion refusée';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'nom d’hôte inconnu';
  return 'pas de réponse';
}

function hidePasswords(text: string): string {
  return text.replace(/(\/\/[^:/@\s]*:)[^@\s]*@/g, '$1***@');
}
