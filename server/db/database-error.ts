/** What may be said about a failed query: its SQLSTATE and PostgreSQL's message, nothing else. */
export type DatabaseErrorInfo = { code: string; message: string };

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL error behind `error`, if any: drizzle wraps it (DrizzleQueryError, whose
 * message and fields hold the SQL and its parameters), pg and PGlite carry `query`/`params`
 * too. Only the code and PostgreSQL's own message are kept, so logs never hold parameters.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code) && typeof severity === 'string') {
      return { code, message: withoutValues(code, current.message) };
    }
    current = current.cause;
  }
  return null;
}

// Data exceptions (class 22) quote the offending value: `invalid input syntax for type uuid: "…"`.
function withoutValues(code: string, message: string): string {
  return code.startsWith('22') ? message.replace(/"[^"]*"/g, '"…"') : message;
}

/** True when a database error is about the input's characters (NUL, bad escapes), not a bug. */
export function isBadCharacterError(info: DatabaseErrorInfo): boolean {
  // 22021 character_not_in_repertoire (a NUL in text), 22P05 untranslatable_character
  // (\u0000 in jsonb).
  return info.code === '22021' || info.code === '22P05';
}

// Node's socket errors when PostgreSQL is down, restarting or out of reach.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
// pg's own errors for a lost or never-made connection (they carry no code).
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed)/;

/**
 * True when a failure says the database cannot be reached now, not that a query is wrong:
 * PostgreSQL down or restarting (class 08, 57P01–57P03), out of connections (53300), a
 * socket refused or cut, or no connection within the pool's time limit. Such a request is
 * answered 503 (try again), never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') {
      if (UNREACHABLE.has(code) || code.startsWith('08')) return true;
      if (code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
    }
    if (LOST_CONNECTION.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
