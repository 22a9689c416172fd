import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { communityMessages as m } from '../../../domain/messages/community';
import { AppError } from '../../errors';

// Keyset paging (feed, follow lists): the cursor is the last row's time, to the microsecond
// as PostgreSQL keeps it, and its id, so the next page starts exactly after it whatever was
// written meanwhile. Opaque to the client (base64url).

/**
 * The cursor in SQL, for statements built from fragments with named parameters: columns are
 * SQL (`sql\`f.created_at\``), the cursor's time and id are values (placeholders).
 */
export const cursorSql = {
  /** A row's time: UTC ISO 8601 to the microsecond, read back by `::timestamptz`. */
  time: (column: SQL) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,

  /** An instant as the API shows it (milliseconds). */
  apiTime: (column: SQL) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,

  /**
   * The keyset condition "(time, id) strictly before the cursor (`at`, `after`)", null values
   * reading from the start, in a form an index on (…, time desc, id desc) serves. Each value
   * is cast, as each place it fills is typed on its own.
   */
  before: ({ time, id, at, after }: { time: SQL; id: SQL; at: SQLWrapper; after: SQLWrapper }) =>
    sql<boolean>`(${time}, ${id}) < (coalesce(${at}::timestamptz, 'infinity'), coalesce(${after}::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))`,
};

export type Cursor = { at: string; id: string };

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text names a real instant (no 30 February, no hour 25). */
function isRealTime(at: string): boolean {
  const ms = `${at.slice(0, 23)}Z`;
  const date = new Date(ms);
  return !Number.isNaN(date.getTime()) && date.toISOString() === ms;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/** The cursor of a page request, null for the first page; a forged one is a French 400. */
export function decodeCursor(text: string | undefined): Cursor | null {
  if (text === undefined || text === '') return null;
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !TIME.test(at) || !UUID.test(id) || !isRealTime(at)) {
    throw new AppError('VALIDATION_ERROR', m.invalidCursor);
  }
  return { at, id };
}
