import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KOSYNC_LIMITS, KOSYNC_MEDIA_TYPE, KOSYNC_PATH } from '../../../domain/kosync';
import { errorMessages } from '../../../domain/messages/errors';
import { kosyncProtocolMessages as m } from '../../../domain/messages/kosync';
import { databaseErrorOf, isDatabaseUnavailable } from '../../db/database-error';
import { AppError } from '../../errors';
import { countedByHandler, limited, writeLimits } from '../rate-limits';
import {
  authenticateDevice,
  type KosyncDeps,
  KosyncRefusal,
  pull,
  push,
  rateLimited,
} from './kosync.protocol';

// KOReader's « Progress sync » plugin speaks to PUBLIC_URL/kosync (decision 053): the
// reference server's paths, bodies, statuses and error shape (`{ code, message }`), with
// French messages. Outside /api: no session, no Origin (a device is no browser); the device
// proves itself on every request (x-auth-user, x-auth-key), and the handlers count their
// own rate limits (the address and the device, in the statement that finds the device).

const counted = countedByHandler(
  'the address and the device are counted in the statement that finds the device (kosync.repository.ts authenticate)',
);

/** Sends a protocol answer: KOReader's media type, never kept by a cache. */
function answer(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type(KOSYNC_MEDIA_TYPE)
    .send(JSON.stringify(body));
}

/** Any failure as the protocol says it: `{ code, message }` with its status, in French. */
function refusal(error: FastifyError | Error, request: FastifyRequest): KosyncRefusal {
  if (error instanceof KosyncRefusal) return error;
  if (error instanceof AppError) {
    const retryAfter = error.details?.retryAfterSeconds;
    if (error.code === 'RATE_LIMITED' && typeof retryAfter === 'number') {
      return rateLimited(retryAfter * 1000);
    }
    // The input guard's (U+0000 in a field), and any other check of the app's own.
    return new KosyncRefusal('invalidRequest', error.message);
  }
  const code = (error as FastifyError).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new KosyncRefusal('tooLarge', m.tooLarge);
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new KosyncRefusal('invalidJson', m.invalidJson);
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return new KosyncRefusal('invalidRequest', m.invalidRequest);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ database: databaseErrorOf(error) }, 'database unavailable');
    return new KosyncRefusal('unavailable', errorMessages.databaseUnavailable, 2);
  }
  const database = databaseErrorOf(error);
  if (database) request.log.error({ database }, 'database error');
  else request.log.error({ err: error }, 'unhandled error');
  return new KosyncRefusal('internal', errorMessages.unexpected);
}

export async function kosyncProtocolRoutes(app: FastifyInstance, deps: KosyncDeps) {
  await app.register(
    async (scope) => {
      // KOReader sends application/json; other clients send the vendor type, or nothing: the
      // reference server reads any body as JSON, whatever its Content-Type says.
      const json = scope.getDefaultJsonParser('error', 'error');
      const parse = (
        request: FastifyRequest,
        body: string | Buffer,
        done: (e: Error | null, v?: unknown) => void,
      ) => (body === '' ? done(null, {}) : json(request, body as string, done));
      scope.addContentTypeParser(KOSYNC_MEDIA_TYPE, { parseAs: 'string' }, parse);
      scope.addContentTypeParser('*', { parseAs: 'string' }, parse);
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const refused = refusal(error, request);
        if (refused.retryAfterSeconds)
          reply.header('retry-after', String(refused.retryAfterSeconds));
        return answer(reply, refused.status, refused.body);
      });

      const bodyLimit = KOSYNC_LIMITS.bodyBytes;

      scope.get('/healthcheck', async (_request, reply) => answer(reply, 200, { state: 'OK' }));

      // Accounts are made on Lisons, never from a device (KOReader shows the message).
      scope.post(
        '/users/create',
        { config: limited('kosync-create', writeLimits.visitor), bodyLimit },
        async () => {
          throw new KosyncRefusal('registrationDisabled', m.registrationDisabled);
        },
      );

      scope.get('/users/auth', async (request, reply) => {
        await authenticateDevice(deps, request);
        return answer(reply, 200, { authorized: 'OK' });
      });

      scope.put('/syncs/progress', { config: counted, bodyLimit }, async (request, reply) =>
        answer(reply, 200, await push(deps, request, request.body)),
      );

      scope.get<{ Params: { document: string } }>(
        '/syncs/progress/:document',
        async (request, reply) => {
          const device = await authenticateDevice(deps, request);
          return answer(reply, 200, await pull(deps, device, request.params.document));
        },
      );

      // Any other path or method under /kosync: the protocol's shape, not the app's page.
      scope.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        config: limited('kosync-unknown', writeLimits.visitor),
        bodyLimit,
        handler: async (_request, reply) => answer(reply, 404, { code: 404, message: m.notFound }),
      });
    },
    { prefix: KOSYNC_PATH },
  );
}
