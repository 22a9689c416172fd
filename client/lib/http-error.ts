/**
 * An API answer with a non-2xx status. The server's errors are
 * `{ "error": { "code", "message", "details"? } }` with a French message meant for the reader.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(options: { status: number; message: string; code?: string; details?: unknown }) {
    super(options.message);
    this.name = 'HttpError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }
}
