import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages } from '../../domain/messages/errors';
import { databaseErrorOf, isBadCharacterError, isDatabaseUnavailable } from '../db/database-error';
import { AppError, type ErrorCode, errorBody } from '../errors';

// Fastify's own error codes for bad input, mapped to our codes and French texts.
const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: errorMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: errorMessages.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: errorMessages.payloadTooLarge,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: errorMessages.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_ERROR',
    message: errorMessages.invalidRequest,
  },
};

/**
 * URLs the router refuses before any route runs (a path segment over 100 characters, a
 * percent-encoding that is not UTF-8): the same French error shape as every other failure,
 * never Fastify's English body echoing the path. Passed as Fastify's `frameworkErrors`.
 */
export function routerErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  // No onRequest hook ran for this reply: it gets the security headers here.
  reply.headers(reply.server.securityHeaders ?? {});
  reply.status(status).send(errorBody('VALIDATION_ERROR', errorMessages.invalidRequest));
}

/** Every failure leaves as `{ error: { code, message } }` with a French message. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      return reply.status(400).send(
        errorBody('VALIDATION_ERROR', fields[0]?.message ?? errorMessages.invalidRequest, {
          fields,
        }),
      );
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known)
      return reply.status(error.statusCode ?? 400).send(errorBody(known.code, known.message));
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('RATE_LIMITED', errorMessages.tooManyRequests));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send(errorBody('VALIDATION_ERROR', errorMessages.invalidRequest));
    }
    // PostgreSQL restarting, out of connections or out of reach: try again, not a bug.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ database: databaseErrorOf(error) }, 'database unavailable');
      reply.header('retry-after', '2');
      return reply.status(503).send(errorBody('UNAVAILABLE', errorMessages.databaseUnavailable));
    }
    // A failed query is logged by its SQLSTATE and message only, never its parameters.
    const database = databaseErrorOf(error);
    if (database && isBadCharacterError(database)) {
      request.log.warn({ database }, 'input refused by the database');
      return reply.status(400).send(errorBody('VALIDATION_ERROR', errorMessages.invalidCharacter));
    }
    if (database) {
      request.log.error({ database }, 'database error');
      return reply.status(500).send(errorBody('INTERNAL', errorMessages.unexpected));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', errorMessages.unexpected));
  });
}
