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
