/** The error codes the API answers with, each with its HTTP status. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  INVALID_TOKEN: 400,
  INVALID_JSON: 400,
  AUTH_REQUIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_EXISTS: 409,
  CONFLICT: 409,
  ALREADY_VALIDATED: 409,
  BOOK_FINISHED: 409,
  SEGMENT_NOT_NEXT: 409,
  JOKER_NOT_OFFERED: 409,
  NO_JOKER_LEFT: 409,
  JOKERS_UNAVAILABLE: 409,
  NO_QUESTION: 404,
  SEGMENT_LOCKED: 423,
  BOOK_UNAVAILABLE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** An expected failure: services throw it, the error plugin turns it into the JSON shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export type ErrorBody = {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
};

export function errorBody(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ErrorBody {
  return { error: details ? { code, message, details } : { code, message } };
}
