import type { FastifyBaseLogger, FastifyError, FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { databaseErrorOf } from './db/database-error';

/** Where log lines go; tests pass an object with `write` to read every line. */
export type LogStream = { write: (line: string) => void };

// Path segments that are secrets themselves: the reset token in the link check.
const secretPaths = [/^(\/api\/auth\/password-reset\/)(?!confirm$)[^/]+$/];

/**
 * A URL as it may be logged: no query string (search words, tokens of links followed from
 * an e-mail), and secret path segments replaced by `[redacted]`.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of secretPaths) {
    if (pattern.test(path)) return path.replace(pattern, '$1[redacted]');
  }
  return path;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * An error as it may be logged. A database error (drizzle's wrapper, pg's or PGlite's) only
 * by its SQLSTATE and message: their other fields hold the SQL's parameters (a token, an
 * e-mail, an answer).
 */
export function loggableError(error: FastifyError | unknown): LoggedError {
  return errorView(error, 0);
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
};

// Named fields only: an error's other own fields (a query's `params`, a response body)
// are not for the log.
function errorView(error: unknown, depth: number): LoggedError {
  const database = databaseErrorOf(error);
  if (database) return { type: 'DatabaseError', stack: '', ...database };
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  // drizzle's "Failed query: <sql>\nparams: <values>" when the cause is no PostgreSQL error
  // (a closed pool, a lost connection): the SQL has placeholders only, the values go.
  const message = error.message.split('\nparams:')[0] ?? '';
  return {
    type: error.constructor.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorView(error.cause, depth + 1) } : {}),
  };
}

/** Fastify's logger: the configured level, the serialisers above, an optional stream. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request) => {
        const r = request as unknown as LoggedRequest;
        return {
          method: r.method,
          url: loggableUrl(r.url),
          host: r.host,
          remoteAddress: r.ip,
          remotePort: r.socket?.remotePort,
        };
      },
      err: loggableError,
    },
  };
}

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's logger, into ours: its messages are constant texts, but an error it passes
 * along may be a failed query, so errors go through `loggableError` and other values are
 * left out.
 */
export function authLogger(log: FastifyBaseLogger) {
  return {
    log: (level: AuthLogLevel, message: string, ...args: unknown[]) => {
      const errors = args.filter((a) => a instanceof Error).map(loggableError);
      const text = message.split('\nparams:')[0] ?? '';
      log[level](errors.length > 0 ? { auth: true, err: errors[0] } : { auth: true }, text);
    },
  };
}
