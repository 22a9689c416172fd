import type { FastifyInstance } from 'fastify';
import { errorMessages } from '../../../domain/messages/errors';
import type { Database } from '../../db/client';
import { errorBody } from '../../errors';

/**
 * /healthz: the process answers. /readyz: the database answers too and the process is not
 * shutting down (for load balancers).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database },
): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    // Shutting down: the load balancer stops sending new requests here.
    if (app.isDraining()) {
      return reply.status(503).send(errorBody('UNAVAILABLE', errorMessages.shuttingDown));
    }
    try {
      await options.database.ping();
      return { status: 'ready', database: options.database.kind };
    } catch (err) {
      request.log.warn({ err }, 'database ping failed');
      return reply.status(503).send(errorBody('UNAVAILABLE', errorMessages.databaseUnavailable));
    }
  });
}
